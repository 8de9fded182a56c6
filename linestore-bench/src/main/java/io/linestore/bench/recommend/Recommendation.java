package io.linestore.bench.recommend;

import io.linestore.OptionNames;
import io.linestore.ReadMethod;
import io.linestore.bench.report.Table;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What {@code recommend} decided and the measurements it decided from.
 *
 * @param candidate the layout and index stride to build
 * @param reader the read method to open the store with
 * @param autoThresholdBytes the measured mmap-vs-FileChannel crossover, when one was measured
 * @param sampleLines the lines of the sample the candidates were built from
 * @param measurements throughput of every candidate and reader at the start, middle and end
 * @param crossover throughput of mapping and channel by range size on the single-file store
 */
public record Recommendation(
        Candidate candidate,
        ReadMethod reader,
        OptionalLong autoThresholdBytes,
        long sampleLines,
        Table measurements,
        Table crossover) {

    /**
     * Checks that nothing is null.
     *
     * @throws NullPointerException if an argument is null
     */
    public Recommendation {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(autoThresholdBytes, "autoThresholdBytes");
        Objects.requireNonNull(measurements, "measurements");
        Objects.requireNonNull(crossover, "crossover");
    }

    /**
     * Returns the command that builds the recommended store.
     *
     * @param input the user's input file, as they named it
     * @param store the store directory to name
     * @return {@code linestore build INPUT STORE --layout ... --index-stride K [--auto-threshold N]}
     */
    public String buildCommand(String input, String store) {
        String threshold = autoThresholdBytes.isPresent() ? " --auto-threshold " + autoThresholdBytes.getAsLong() : "";
        return "linestore build " + input + " " + store + " " + candidate.buildOptions() + threshold;
    }

    /**
     * Returns the {@code --reader} value of the recommended read method.
     *
     * @return {@code auto}, {@code mmap}, {@code file-channel}, ...
     */
    public String readerOption() {
        return OptionNames.of(reader);
    }
}
