package io.linestore.bench;

import io.linestore.BuildSummary;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.bench.data.BenchData;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Benchmarks that write whole files into a scratch directory: throughput only, and fewer, longer
 * iterations than the reads, because one operation takes long. The scratch directory is deleted
 * after the trial.
 */
@BenchmarkMode(Mode.Throughput)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
public abstract class FileWrites extends DataBenchmark {

    private Path scratch;

    /** Only subclasses are benchmarks. */
    protected FileWrites() {
    }

    /**
     * Makes the empty scratch directory of this trial; call once, in setup.
     *
     * @param name what the directory is for
     * @return the directory
     */
    protected final Path scratch(String name) {
        scratch = data().scratch(name);
        return scratch;
    }

    /**
     * Builds a store and checks that it holds every input line: the body of a build benchmark.
     *
     * @param input the text file
     * @param store the store's directory, empty or absent
     * @param options how to build it
     * @param lines the input's line count
     * @return what the build wrote
     * @throws IllegalStateException if the store does not hold every input line
     */
    protected static BuildSummary buildChecked(Path input, Path store, StoreOptions options, long lines) {
        BuildSummary summary = LineStores.build(input, store, options);
        if (summary.lineCount() != lines) {
            throw new IllegalStateException("built " + summary.lineCount() + " lines, expected " + lines);
        }
        return summary;
    }

    /** Deletes the scratch directory. */
    @TearDown(Level.Trial)
    public void delete() {
        if (scratch != null) {
            BenchData.deleteTree(scratch);
        }
    }
}
