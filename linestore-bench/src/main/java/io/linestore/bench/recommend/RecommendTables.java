package io.linestore.bench.recommend;

import io.linestore.ReadMethod;
import io.linestore.bench.config.Position;
import io.linestore.bench.recommend.Recommendation.Score;
import io.linestore.bench.report.Numbers;
import io.linestore.bench.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tables {@code recommend} prints and writes: every candidate's reads per second by position
 * and size, the candidates' scores with how each compares with the fastest, and memory mapping
 * against the file channel by size. Every figure is a median with its {@link Interval}. Stateless.
 */
public final class RecommendTables {

    private RecommendTables() {
    }

    /**
     * Makes the tables.
     *
     * @param recommendation the recommendation and its measurements
     * @return the candidates, the scores and the crossover tables, in that order
     */
    public static List<Table> of(Recommendation recommendation) {
        return List.of(candidates(recommendation), scores(recommendation), crossover(recommendation));
    }

    /**
     * Formats a median and its interval: {@code 1,230,000 (1,190,000-1,260,000)}.
     *
     * @param interval the interval
     * @return the text
     */
    static String format(Interval interval) {
        return Numbers.rate(interval.median()) + " (" + Numbers.rate(interval.low()) + "-"
                + Numbers.rate(interval.high()) + ")";
    }

    private static Table candidates(Recommendation recommendation) {
        Measurements measurements = recommendation.measurements();
        List<List<String>> rows = new ArrayList<>();
        for (BuiltCandidate candidate : measurements.candidates()) {
            for (int size : measurements.rangeSizes()) {
                long bytes = measurements.cell(candidate.name(), ReadMethod.MMAP, Position.START, size).bytesPerRead();
                ReadMethod method = recommendation.methodFor(bytes);
                List<String> row = new ArrayList<>(List.of(candidate.name(), method.name(), String.valueOf(size)));
                for (Position position : Position.WINDOWS) {
                    row.add(format(Interval.ofMedian(
                            measurements.cell(candidate.name(), method, position, size).readsPerSecond())));
                }
                rows.add(row);
            }
        }
        return new Table("Candidates (reads per second)", String.format(Locale.ROOT, "Each candidate built from the"
                + " sample and read with the recommended reader at the start, middle and end: the median of %d"
                + " interleaved trials and its %d%% confidence interval.", measurements.trials(), percent()),
                List.of("candidate", "reader", "lines per read", "start", "middle", "end"), rows);
    }

    private static Table scores(Recommendation recommendation) {
        List<List<String>> rows = new ArrayList<>();
        for (Score score : recommendation.scores()) {
            String standing = score.standing().name().toLowerCase(Locale.ROOT);
            rows.add(List.of(score.candidate().name(), format(score.readsPerSecond()), format(score.ofFastest()),
                    String.valueOf(score.candidate().files()),
                    String.format(Locale.ROOT, "%.2f", score.candidate().indexBytesPerLine()),
                    String.format(Locale.ROOT, "%.1f", score.candidate().storedBytesPerLine()),
                    score.candidate().equals(recommendation.choice()) ? standing + ", chosen" : standing));
        }
        return new Table("Layouts", String.format(Locale.ROOT, "Score: the geometric mean of the reads per second over"
                + " every position and size, per trial (median and %d%% interval). Of the fastest: the score divided"
                + " by the fastest candidate's in the same trial, so load that hits both cancels out. Slower: another"
                + " candidate is measurably faster (that per-trial ratio's interval stays off 1 and its median is"
                + " more than %d%% off); the others are tied, and among them the fewest files, then the fewest"
                + " bytes stored, then the smallest index, is chosen.", percent(), Decider.NEGLIGIBLE_PERCENT),
                List.of("candidate", "score", "of the fastest", "files", "index B/line", "stored B/line", "standing"),
                rows);
    }

    private static Table crossover(Recommendation recommendation) {
        Crossover crossover = recommendation.crossover();
        List<List<String>> rows = new ArrayList<>();
        for (Crossover.Row row : crossover.rows()) {
            Interval ratio = row.mmapOverChannel();
            String faster = ratio.low() > 1 ? "MMAP" : ratio.high() < 1 ? "FILE_CHANNEL" : "neither (interval holds 1)";
            rows.add(List.of(String.valueOf(row.linesPerRead()), String.format(Locale.ROOT, "%,d", row.bytesPerRead()),
                    format(row.mmap()), format(row.channel()), format(ratio), faster));
        }
        String fitted = "Crossover fitted over every size (time per read = a + b x bytes for each method, per"
                + " trial): " + crossover.describe() + ".";
        return new Table("Memory mapping vs file channel (" + recommendation.measurements().reference().name()
                + ", middle)", fitted, List.of("lines per read", "bytes per read", "MMAP", "FILE_CHANNEL",
                        "MMAP / FILE_CHANNEL", "faster"), rows);
    }

    private static long percent() {
        return Math.round(Interval.CONFIDENCE * 100);
    }
}
