package io.linestore.bench.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.UnCloseablePrintStream;
import org.openjdk.jmh.util.Utils;

/**
 * Runs a list of {@link JmhRun}s with JMH's Runner API and merges their JSON results into one
 * file. Not thread-safe: JMH runs one benchmark at a time.
 */
public final class JmhRunner {

    /** The merged JSON file's name. */
    public static final String RESULTS = "jmh.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhRunner() {
    }

    /**
     * Runs every run that keeps a benchmark after filtering, then writes {@value #RESULTS} in
     * {@code directory} (created if needed) with every result.
     *
     * @param runs the runs
     * @param filter tests a benchmark class's simple name
     * @param directory where the JSON files go
     * @param verbosity how much JMH prints to standard output
     * @return the merged JSON file
     * @throws IllegalArgumentException if the filter keeps no benchmark
     * @throws IllegalStateException if a benchmark fails (JMH's message)
     * @throws UncheckedIOException naming the file if a result cannot be read or written
     */
    public static Path run(List<JmhRun> runs, Predicate<String> filter, Path directory, VerboseMode verbosity) {
        return run(runs, filter, directory, verbosity, RunListener.NONE);
    }

    /**
     * Runs every run that keeps a benchmark after filtering, telling {@code listener} where it is,
     * then writes {@value #RESULTS} in {@code directory} (created if needed) with every result.
     *
     * @param runs the runs
     * @param filter tests a benchmark class's simple name
     * @param directory where the JSON files go
     * @param verbosity how much JMH prints to standard output
     * @param listener hears each run and benchmark start and each benchmark end
     * @return the merged JSON file
     * @throws IllegalArgumentException if the filter keeps no benchmark
     * @throws IllegalStateException if a benchmark fails (JMH's message)
     * @throws UncheckedIOException naming the file if a result cannot be read or written
     */
    public static Path run(List<JmhRun> runs, Predicate<String> filter, Path directory, VerboseMode verbosity,
            RunListener listener) {
        ArrayNode merged = JSON.createArrayNode();
        boolean any = false;
        try {
            Files.createDirectories(directory);
            for (JmhRun run : runs) {
                Path result = directory.resolve("jmh-" + run.name() + ".json");
                Optional<Options> options = run.options(filter, result, verbosity);
                if (options.isEmpty()) {
                    continue;
                }
                any = true;
                listener.runStarted(run);
                new Runner(options.get(), new ListeningOutputFormat(jmhOutput(verbosity), listener)).run();
                merged.addAll((ArrayNode) JSON.readTree(result.toFile()));
            }
            if (!any) {
                throw new IllegalArgumentException("no benchmark matches the filter");
            }
            Path file = directory.resolve(RESULTS);
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), merged);
            return file;
        } catch (RunnerException e) {
            throw new IllegalStateException("benchmark failed: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JMH results in " + directory, e);
        }
    }

    /** What JMH's Runner makes for itself without a format given: standard output, kept open. */
    private static OutputFormat jmhOutput(VerboseMode verbosity) throws UnsupportedEncodingException {
        return OutputFormatFactory.createFormatInstance(
                new UnCloseablePrintStream(System.out, Utils.guessConsoleEncoding()), verbosity);
    }
}
