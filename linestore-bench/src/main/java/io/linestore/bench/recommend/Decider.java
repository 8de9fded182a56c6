package io.linestore.bench.recommend;

import io.linestore.cli.common.OptionNames;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.bench.config.Position;
import io.linestore.bench.recommend.Recommendation.Score;
import io.linestore.bench.recommend.Recommendation.Standing;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.IntStream;

/**
 * Decides from measurements alone, so that recorded runs can be decided again in tests.
 *
 * <p>The reader first, from the crossing of memory mapping and the file channel fitted over every
 * size ({@link Crossover}): when its interval holds the store's default {@code AUTO} threshold,
 * {@link ReadMethod#AUTO} with the default (the measurements do not tell it apart, as a tie keeps
 * the simpler layout); otherwise {@code AUTO} with the fitted threshold when it lies inside the
 * sizes measured, {@link ReadMethod#MMAP} when mapping is faster up to the largest,
 * {@link ReadMethod#FILE_CHANNEL} when the channel is faster from the smallest.
 *
 * <p>Then the layout: each candidate's score in a trial is the geometric mean of its reads per
 * second over every position and range size, each read with the method the recommended reader
 * would use for that size. The candidate with the highest median score is the fastest. The trials
 * are interleaved, so a trial's load hits every candidate alike: candidates are compared by the
 * ratio of their scores in the same trial, and one is measurably faster than another only when that
 * ratio's {@link Interval} stays above 1 (their intervals do not overlap once the load both shared
 * is divided out) and its median is more than 5% above 1. A candidate no other is measurably
 * faster than is tied with the fastest; among the tied the simplest wins: fewer files, then the
 * fewer bytes stored, then the smaller index ({@link BuiltCandidate#SIMPLEST_FIRST}), so a compressed
 * store is chosen when it reads as fast; when it reads measurably slower, a reason gives its size
 * against its speed. Not thread-safe; one instance decides once.
 */
public final class Decider {

    /** Differences smaller than this many percent of the fastest are not worth more files. */
    static final int NEGLIGIBLE_PERCENT = 5;

    private final Measurements measurements;
    private final ReaderChoice reader;
    /** Per candidate, in the measurements' order, its score in each trial. */
    private final List<List<Double>> trialScores = new ArrayList<>();

    private Decider(Measurements measurements, ReaderChoice reader) {
        this.measurements = measurements;
        this.reader = reader;
    }

    /**
     * Decides the layout, reader and threshold.
     *
     * @param measurements a run's measurements
     * @return the recommendation with its reasons: the layout's, then the reader's
     * @throws IllegalArgumentException if a cell the decision needs was not measured
     */
    public static Recommendation decide(Measurements measurements) {
        Crossover crossover = crossover(measurements);
        Decider decider = new Decider(measurements, reader(crossover));
        List<Score> scores = decider.scores();
        // Comparisons of noisy ratios need not be transitive: if every candidate is beaten by
        // another, the fastest median is the choice.
        Score choice = scores.stream().filter(s -> s.standing() != Standing.SLOWER)
                .min(Comparator.comparing(Score::candidate, BuiltCandidate.SIMPLEST_FIRST))
                .orElseGet(() -> scores.stream().max(Comparator.comparingDouble(s -> s.readsPerSecond().median()))
                        .orElseThrow());
        List<String> reasons = new ArrayList<>(decider.layoutReasons(scores, choice));
        reasons.add(decider.reader.reason());
        return new Recommendation(choice.candidate(), decider.reader.method(), decider.reader.threshold(), crossover,
                scores, reasons, measurements);
    }

    /**
     * The recommended reader.
     *
     * @param method the read method to open the store with
     * @param threshold the {@link ReadMethod#AUTO} threshold, for {@code AUTO}
     * @param reason why
     */
    private record ReaderChoice(ReadMethod method, OptionalLong threshold, String reason) {
    }

    private static Crossover crossover(Measurements measurements) {
        String reference = measurements.reference().name();
        return Crossover.fit(measurements.crossoverSizes().stream().map(size -> {
            Cell mmap = measurements.cell(reference, ReadMethod.MMAP, Position.MIDDLE, size);
            Cell channel = measurements.cell(reference, ReadMethod.FILE_CHANNEL, Position.MIDDLE, size);
            return new Crossover.Point(size, mmap.bytesPerRead(), mmap.readsPerSecond(), channel.readsPerSecond());
        }).toList());
    }

    private static ReaderChoice reader(Crossover crossover) {
        List<Crossover.Row> rows = crossover.rows();
        if (crossover.thresholdBytes().isEmpty()) {
            boolean mapping = rows.isEmpty() || rows.getFirst().mmapOverChannel().median() >= 1;
            return new ReaderChoice(mapping ? ReadMethod.MMAP : ReadMethod.FILE_CHANNEL, OptionalLong.empty(),
                    "reader " + OptionNames.of(mapping ? ReadMethod.MMAP : ReadMethod.FILE_CHANNEL) + ": faster at the one"
                            + " range size the sample allowed, so no crossover could be fitted");
        }
        Interval threshold = crossover.thresholdBytes().get();
        long smallest = rows.getFirst().bytesPerRead();
        long largest = rows.getLast().bytesPerRead();
        String fitted = "(crossover fitted over " + rows.size() + " sizes: " + crossover.describe() + ")";
        long standard = StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES;
        if (threshold.low() <= standard && standard <= threshold.high()) {
            return new ReaderChoice(ReadMethod.AUTO, OptionalLong.empty(), String.format(Locale.ROOT, "reader auto with"
                    + " the default threshold of %,d bytes: the crossover's interval holds it, so the measurements do"
                    + " not call for another %s", standard, fitted));
        }
        if (threshold.median() >= largest) {
            return new ReaderChoice(ReadMethod.MMAP, OptionalLong.empty(), String.format(Locale.ROOT, "reader mmap:"
                    + " memory mapping is faster at every size measured, up to %,d bytes per read %s", largest, fitted));
        }
        if (threshold.median() <= smallest) {
            return new ReaderChoice(ReadMethod.FILE_CHANNEL, OptionalLong.empty(), String.format(Locale.ROOT,
                    "reader file-channel: the file channel is faster at every size measured, from %,d bytes per read"
                            + " %s", smallest, fitted));
        }
        return new ReaderChoice(ReadMethod.AUTO, OptionalLong.of(Math.round(threshold.median())),
                "reader auto: memory mapping below the crossover, the file channel above it " + fitted);
    }

    private ReadMethod methodFor(long bytesPerRead) {
        return Recommendation.methodFor(reader.method(), reader.threshold(), bytesPerRead);
    }

    private List<Score> scores() {
        for (BuiltCandidate candidate : measurements.candidates()) {
            List<Double> trials = new ArrayList<>();
            for (int t = 0; t < measurements.trials(); t++) {
                double logSum = 0;
                int count = 0;
                for (Position position : Position.WINDOWS) {
                    for (int size : measurements.rangeSizes()) {
                        logSum += Math.log(cell(candidate, position, size).readsPerSecond().get(t));
                        count++;
                    }
                }
                trials.add(Math.exp(logSum / count));
            }
            trialScores.add(trials);
        }
        List<Interval> intervals = trialScores.stream().map(Interval::ofMedian).toList();
        int fastest = 0;
        for (int i = 1; i < intervals.size(); i++) {
            fastest = intervals.get(i).median() > intervals.get(fastest).median() ? i : fastest;
        }
        List<Score> scores = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++) {
            int candidate = i;
            boolean beaten = IntStream.range(0, intervals.size()).anyMatch(other -> beats(other, candidate));
            Standing standing = beaten ? Standing.SLOWER : i == fastest ? Standing.FASTEST : Standing.TIED;
            scores.add(new Score(measurements.candidates().get(i), intervals.get(i), ratio(i, fastest), standing));
        }
        return scores;
    }

    /**
     * Tells whether candidate {@code a} reads measurably faster than {@code b}: the interval of
     * {@code b}'s per-trial ratio to {@code a} stays below 1, and its median is more than the
     * margin below.
     */
    private boolean beats(int a, int b) {
        Interval ratio = ratio(b, a);
        return ratio.high() < 1 && ratio.median() < 1 - NEGLIGIBLE_PERCENT / 100.0;
    }

    /** A candidate's cell at a position and size, read with the method the recommended reader uses there. */
    private Cell cell(BuiltCandidate candidate, Position position, int size) {
        long bytes = measurements.cell(candidate.name(), ReadMethod.MMAP, position, size).bytesPerRead();
        return measurements.cell(candidate.name(), methodFor(bytes), position, size);
    }

    /** The per-trial ratio of candidate {@code a}'s score over candidate {@code b}'s. */
    private Interval ratio(int a, int b) {
        List<Double> ratios = new ArrayList<>();
        for (int t = 0; t < measurements.trials(); t++) {
            ratios.add(trialScores.get(a).get(t) / trialScores.get(b).get(t));
        }
        return Interval.ofMedian(ratios);
    }

    /**
     * Why {@code choice}: for every other candidate no candidate beats, that it is not measurably
     * faster than the choice; when a simpler candidate was beaten, by whom and where the choice
     * leads it most; when the choice is the simplest and fastest, that.
     */
    private List<String> layoutReasons(List<Score> scores, Score choice) {
        int chosen = scores.indexOf(choice);
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < scores.size(); i++) {
            Score other = scores.get(i);
            if (other != choice && other.standing() != Standing.SLOWER) {
                reasons.add(String.format(Locale.ROOT, "%s is not measurably faster than %s (%s): choosing %s, %s",
                        other.candidate().name(), choice.candidate().name(), ratioText(ratio(i, chosen)),
                        choice.candidate().name(), simpler(choice.candidate(), other.candidate())));
            }
        }
        int simpler = -1;
        for (int i = 0; i < scores.size(); i++) {
            // Compression is weighed on its own below: size against read time, not simplicity.
            boolean isSimpler = compressed(scores.get(i)) == compressed(choice)
                    && BuiltCandidate.SIMPLEST_FIRST.compare(scores.get(i).candidate(), choice.candidate()) < 0;
            if (isSimpler && (simpler < 0 || scores.get(i).readsPerSecond().median()
                    > scores.get(simpler).readsPerSecond().median())) {
                simpler = i;
            }
        }
        if (simpler >= 0) {
            int beaten = simpler;
            int winner = beats(chosen, beaten) ? chosen : IntStream.range(0, scores.size())
                    .filter(i -> beats(i, beaten)).findFirst().orElse(chosen);
            reasons.add(String.format(Locale.ROOT, "the simpler %s reads measurably slower than %s (%s); %s: choosing %s",
                    scores.get(beaten).candidate().name(), scores.get(winner).candidate().name(),
                    ratioText(ratio(beaten, winner)), largestLead(choice.candidate(), scores.get(beaten).candidate()),
                    choice.candidate().name()));
        } else if (reasons.isEmpty()) {
            reasons.add(choice.candidate().name() + " is the fastest candidate and the simplest");
        }
        for (int i = 0; i < scores.size(); i++) {
            Score other = scores.get(i);
            if (compressed(other) && !compressed(choice) && other.standing() == Standing.SLOWER) {
                reasons.add(String.format(Locale.ROOT, "%s stores %.1f bytes per line, %.2f of %s's %.1f, and reads"
                        + " at %s of its speed: build it (--compress %s) where disk or transfer matters more than"
                        + " read time", other.candidate().name(), other.candidate().storedBytesPerLine(),
                        other.candidate().storedBytesPerLine() / choice.candidate().storedBytesPerLine(),
                        choice.candidate().name(), choice.candidate().storedBytesPerLine(), ratioText(ratio(i, chosen)),
                        other.candidate().candidate().compression()));
            }
        }
        return reasons;
    }

    private static boolean compressed(Score score) {
        return score.candidate().candidate().compression().compressed();
    }

    private static String ratioText(Interval ratio) {
        return String.format(Locale.ROOT, "%.2fx, %d%% interval %.2f-%.2fx over the trials", ratio.median(),
                Math.round(Interval.CONFIDENCE * 100), ratio.low(), ratio.high());
    }

    private static String simpler(BuiltCandidate chosen, BuiltCandidate other) {
        if (chosen.files() < other.files()) {
            return String.format(Locale.ROOT, "the simpler layout (%d files instead of %d)", chosen.files(), other.files());
        }
        if (chosen.storedBytesPerLine() < other.storedBytesPerLine()) {
            return String.format(Locale.ROOT, "the smaller store (%.1f instead of %.1f bytes per line)",
                    chosen.storedBytesPerLine(), other.storedBytesPerLine());
        }
        return String.format(Locale.ROOT, "the smaller index (%.2f instead of %.2f bytes per line)",
                chosen.indexBytesPerLine(), other.indexBytesPerLine());
    }

    /** Where the chosen candidate's median leads the other's most, as the reason the more complex one wins. */
    private String largestLead(BuiltCandidate chosen, BuiltCandidate other) {
        String where = "";
        double lead = 0;
        for (Position position : Position.WINDOWS) {
            for (int size : measurements.rangeSizes()) {
                double ratio = median(cell(chosen, position, size)) / median(cell(other, position, size));
                if (ratio > lead) {
                    lead = ratio;
                    where = String.format(Locale.ROOT, "%s leads it most at the %s, %,d line%s per read: %.2fx",
                            chosen.name(),
                            position.name().toLowerCase(Locale.ROOT), size, size == 1 ? "" : "s", ratio);
                }
            }
        }
        return where;
    }

    private static double median(Cell cell) {
        return Interval.ofMedian(cell.readsPerSecond()).median();
    }
}
