package io.linestore.bench;

import io.linestore.bench.data.BenchData;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What every benchmark here shares: one benchmark-wide state in one fork, scores per second, and the
 * directory of generated data. JMH takes these annotations and parameters from the superclass, so
 * subclasses repeat none of them; {@link RangeReads} and {@link FileWrites} add the modes and
 * iterations of their kind.
 */
@State(Scope.Benchmark)
@Fork(1)
@OutputTimeUnit(TimeUnit.SECONDS)
public abstract class DataBenchmark {

    /** Where generated data, stores, databases and scratch files are kept; blank for the default. */
    @Param({""})
    public String dataDir;

    /** Only subclasses are benchmarks. */
    protected DataBenchmark() {
    }

    /**
     * Returns the data directory the {@link #dataDir} parameter names.
     *
     * @return the benchmark data
     */
    protected final BenchData data() {
        return BenchData.in(dataDir);
    }
}
