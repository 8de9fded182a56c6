package io.linestore.bench;

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

    /** Deletes the scratch directory. */
    @TearDown(Level.Trial)
    public void delete() {
        if (scratch != null) {
            BenchData.deleteTree(scratch);
        }
    }
}
