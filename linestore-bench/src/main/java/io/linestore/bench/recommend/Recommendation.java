package io.linestore.bench.recommend;

import io.linestore.cli.common.OptionNames;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What {@code recommend} decided, why, and the measurements it decided from. Immutable.
 *
 * @param choice the layout and index to build
 * @param reader the read method to open the store with
 * @param autoThresholdBytes the {@code --auto-threshold} to build with, when {@code reader} is
 *     {@link ReadMethod#AUTO} and the store's default will not do
 * @param crossover memory mapping against the file channel by range size, and the fitted crossing
 * @param scores every candidate's score, in the order measured
 * @param reasons why this layout and this reader, one sentence each
 * @param measurements what was measured
 */
public record Recommendation(
        BuiltCandidate choice,
        ReadMethod reader,
        OptionalLong autoThresholdBytes,
        Crossover crossover,
        List<Score> scores,
        List<String> reasons,
        Measurements measurements) {

    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    /** How a candidate did against the fastest. */
    public enum Standing {

        /** The highest median score, and no other candidate is measurably faster. */
        FASTEST,

        /** No other candidate is measurably faster (see {@link Decider}). */
        TIED,

        /** Some other candidate is measurably faster. */
        SLOWER
    }

    /**
     * A candidate's score: the geometric mean of its reads per second over every position and
     * range size, read as recommended, per trial.
     *
     * @param candidate the candidate
     * @param readsPerSecond the median score and its interval over the trials
     * @param ofFastest its score over the fastest candidate's score in the same trial: median and interval
     * @param standing how it compares with the fastest
     */
    public record Score(BuiltCandidate candidate, Interval readsPerSecond, Interval ofFastest, Standing standing) {
    }

    /**
     * Copies the lists.
     *
     * @throws NullPointerException if an argument is null
     */
    public Recommendation {
        Objects.requireNonNull(choice, "choice");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(autoThresholdBytes, "autoThresholdBytes");
        Objects.requireNonNull(crossover, "crossover");
        scores = List.copyOf(scores);
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(measurements, "measurements");
    }

    /**
     * Returns the arguments of the {@code linestore} command that builds the recommended store.
     *
     * @param input the user's input file, as they named it
     * @param store the store directory to name
     * @return {@code build INPUT STORE --layout ... --index KIND [--auto-threshold N]}
     */
    public List<String> buildArguments(String input, String store) {
        List<String> arguments = new ArrayList<>(List.of("build", input, store));
        arguments.addAll(choice.candidate().buildArguments());
        autoThresholdBytes.ifPresent(bytes -> arguments.addAll(List.of("--auto-threshold", String.valueOf(bytes))));
        return arguments;
    }

    /**
     * Returns the command line that builds the recommended store, quoted for a POSIX shell.
     *
     * @param input the user's input file, as they named it
     * @param store the store directory to name
     * @return {@code linestore build INPUT STORE ...}
     */
    public String buildCommand(String input, String store) {
        return "linestore " + buildArguments(input, store).stream().map(Recommendation::shellQuoted)
                .collect(Collectors.joining(" "));
    }

    /**
     * Returns the read method the recommended reader uses for a read of some size.
     *
     * @param bytesPerRead the read's size
     * @return {@link ReadMethod#MMAP} or {@link ReadMethod#FILE_CHANNEL}
     */
    public ReadMethod methodFor(long bytesPerRead) {
        return methodFor(reader, autoThresholdBytes, bytesPerRead);
    }

    /**
     * {@link #methodFor(long)} before there is a recommendation: {@code threshold} is the
     * {@code AUTO} threshold to build with, the store's default when empty.
     */
    static ReadMethod methodFor(ReadMethod reader, OptionalLong threshold, long bytesPerRead) {
        if (reader != ReadMethod.AUTO) {
            return reader;
        }
        long switchAt = threshold.orElse(StoreOptions.DEFAULT_AUTO_THRESHOLD_BYTES);
        return bytesPerRead < switchAt ? ReadMethod.MMAP : ReadMethod.FILE_CHANNEL;
    }

    /**
     * Returns the {@code --reader} value of the recommended read method.
     *
     * @return {@code auto}, {@code mmap} or {@code file-channel}
     */
    public String readerOption() {
        return OptionNames.of(reader);
    }

    private static String shellQuoted(String argument) {
        return SHELL_SAFE.matcher(argument).matches() ? argument : "'" + argument.replace("'", "'\\''") + "'";
    }
}
