package io.linestore.bench.recommend;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where reading through the file channel starts to beat reading through the memory mapping: the
 * threshold {@link io.linestore.ReadMethod#AUTO} switches at, fitted over every range size
 * measured rather than read off one row. In each trial, the time per read of each method is fitted
 * as {@code a + b * bytes} (least squares on relative errors, so small reads count as much as large
 * ones); the two lines cross at most once, and below that size mapping is faster. The threshold is
 * the median of the trials' crossings, with its {@link Interval}. A trial whose mapping line stays
 * below the channel's from the smallest size measured on crosses at infinity; one whose channel line
 * is lower at the smallest size crosses at 0 ({@code AUTO} can only map small reads).
 *
 * @param rows the measured sizes, smallest first, each with both methods' reads per second and
 *     their ratio
 * @param thresholdBytes the crossing in bytes per read; empty when fewer than two sizes were
 *     measured, so no line could be fitted
 */
public record Crossover(List<Row> rows, Optional<Interval> thresholdBytes) {

    /**
     * One measured range size.
     *
     * @param linesPerRead lines per read
     * @param bytesPerRead bytes per read (lines times the sample's average line length)
     * @param mmap reads per second through the mapping
     * @param channel reads per second through the file channel
     * @param mmapOverChannel the trials' ratios of mapping over channel: above 1 mapping is faster
     */
    public record Row(int linesPerRead, long bytesPerRead, Interval mmap, Interval channel, Interval mmapOverChannel) {
    }

    /**
     * One range size's trials.
     *
     * @param linesPerRead lines per read
     * @param bytesPerRead bytes per read, {@code >= 1}
     * @param mmap reads per second through the mapping, one per trial
     * @param channel reads per second through the file channel, one per trial, as many as {@code mmap}
     */
    public record Point(int linesPerRead, long bytesPerRead, List<Double> mmap, List<Double> channel) {

        /**
         * Checks the trials.
         *
         * @throws IllegalArgumentException if the methods have different trial counts or none
         */
        public Point {
            mmap = List.copyOf(mmap);
            channel = List.copyOf(channel);
            if (mmap.isEmpty() || mmap.size() != channel.size()) {
                throw new IllegalArgumentException("both methods need the same trials at " + linesPerRead
                        + " lines per read: " + mmap.size() + " and " + channel.size());
            }
        }
    }

    /**
     * Copies the rows.
     *
     * @throws NullPointerException if an argument is null
     */
    public Crossover {
        rows = List.copyOf(rows);
        Objects.requireNonNull(thresholdBytes, "thresholdBytes");
    }

    /**
     * Fits the crossing over every point.
     *
     * @param points the measured sizes, smallest first, all with the same number of trials
     * @return the rows and the fitted threshold
     * @throws IllegalArgumentException if points have different trial counts
     */
    public static Crossover fit(List<Point> points) {
        List<Row> rows = points.stream().map(p -> new Row(p.linesPerRead(), p.bytesPerRead(),
                Interval.ofMedian(p.mmap()), Interval.ofMedian(p.channel()), Interval.ofMedian(ratios(p)))).toList();
        if (points.stream().mapToLong(Point::bytesPerRead).distinct().count() < 2) {
            return new Crossover(rows, Optional.empty());
        }
        int trials = points.getFirst().mmap().size();
        if (points.stream().anyMatch(p -> p.mmap().size() != trials)) {
            throw new IllegalArgumentException("every size needs the same trials: " + trials + " at "
                    + points.getFirst().linesPerRead() + " lines per read");
        }
        List<Double> crossings = new ArrayList<>();
        for (int t = 0; t < trials; t++) {
            Line mmap = Line.fit(points, t, true);
            Line channel = Line.fit(points, t, false);
            crossings.add(crossing(mmap, channel, points.getFirst().bytesPerRead()));
        }
        return new Crossover(rows, Optional.of(Interval.ofMedian(crossings)));
    }

    /**
     * Describes the fitted threshold: {@code 306,672 bytes per read (95% interval 150,000-800,000)}.
     *
     * @return the text, or a sentence saying there is none
     */
    public String describe() {
        return thresholdBytes.map(t -> String.format(Locale.ROOT, "%s bytes per read (%d%% interval %s-%s)",
                bytes(t.median()), Math.round(Interval.CONFIDENCE * 100), bytes(t.low()), bytes(t.high())))
                .orElse("none: too few sizes to fit one");
    }

    private static String bytes(double value) {
        return Double.isInfinite(value) ? "infinite" : String.format(Locale.ROOT, "%,.0f", value);
    }

    /**
     * The size below which the mapping's time per read is lower, in {@code [0, infinity]}. When the
     * mapping's line rises faster, that is where the lines cross; when it does not, the mapping is
     * faster at every size if it is at the smallest measured (a fitted line can go negative below
     * the sizes measured, so it is not judged there), and at none otherwise.
     */
    static double crossing(Line mmap, Line channel, double smallestBytes) {
        double perByte = mmap.perByte() - channel.perByte();
        if (perByte > 0) {
            return Math.max(0, (channel.fixed() - mmap.fixed()) / perByte);
        }
        return mmap.at(smallestBytes) < channel.at(smallestBytes) ? Double.POSITIVE_INFINITY : 0;
    }

    private static List<Double> ratios(Point point) {
        List<Double> ratios = new ArrayList<>();
        for (int t = 0; t < point.mmap().size(); t++) {
            ratios.add(point.mmap().get(t) / point.channel().get(t));
        }
        return ratios;
    }

    /**
     * Seconds per read as {@code fixed + perByte * bytes}.
     *
     * @param fixed seconds per read of no bytes
     * @param perByte seconds per byte read
     */
    record Line(double fixed, double perByte) {

        /** Seconds per read of {@code bytes} bytes. */
        double at(double bytes) {
            return fixed + perByte * bytes;
        }

        /** Weighted least squares of one trial's times, each weighted by its inverse square. */
        static Line fit(List<Point> points, int trial, boolean mmap) {
            double w = 0;
            double wx = 0;
            double wxx = 0;
            double wy = 0;
            double wxy = 0;
            for (Point point : points) {
                double x = point.bytesPerRead();
                double y = 1 / (mmap ? point.mmap() : point.channel()).get(trial);
                double weight = 1 / (y * y);
                w += weight;
                wx += weight * x;
                wxx += weight * x * x;
                wy += weight * y;
                wxy += weight * x * y;
            }
            double determinant = w * wxx - wx * wx;
            return new Line((wy * wxx - wxy * wx) / determinant, (w * wxy - wx * wy) / determinant);
        }
    }
}
