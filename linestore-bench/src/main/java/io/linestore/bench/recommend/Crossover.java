package io.linestore.bench.recommend;

import java.util.List;
import java.util.OptionalLong;

/**
 * Finds the range size, in bytes, where reading through the file channel starts to beat reading
 * through the memory mapping: the threshold {@link io.linestore.ReadMethod#AUTO} switches at.
 */
public final class Crossover {

    private Crossover() {
    }

    /**
     * One measured range size.
     *
     * @param bytes the range's size in bytes (lines times the average line length)
     * @param mmapOpsPerSecond reads per second through the mapping
     * @param channelOpsPerSecond reads per second through the file channel
     */
    public record Point(long bytes, double mmapOpsPerSecond, double channelOpsPerSecond) {
    }

    /**
     * Returns the threshold: the geometric mean of the last size where mapping wins and the next,
     * where the channel wins at it and at every larger size measured.
     *
     * @param points measurements by increasing size
     * @return the threshold in bytes, or empty when no crossover was measured (one method won at
     *     every size)
     */
    public static OptionalLong threshold(List<Point> points) {
        int firstChannelWin = points.size();
        while (firstChannelWin > 0 && channelWins(points.get(firstChannelWin - 1))) {
            firstChannelWin--;
        }
        if (firstChannelWin == 0 || firstChannelWin == points.size()) {
            return OptionalLong.empty();
        }
        long below = points.get(firstChannelWin - 1).bytes();
        long above = points.get(firstChannelWin).bytes();
        return OptionalLong.of(Math.round(Math.sqrt((double) below * above)));
    }

    private static boolean channelWins(Point point) {
        return point.channelOpsPerSecond() >= point.mmapOpsPerSecond();
    }
}
