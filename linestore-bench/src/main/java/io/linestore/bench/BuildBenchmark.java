package io.linestore.bench;

import io.linestore.BuildSummary;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.data.BenchData;
import io.linestore.bench.data.ResultCheck;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Building a store from the generated text file, for each layout and stride; compare with
 * {@link CopyBenchmark#copy()} of the same file. Input in warm page cache, output not forced.
 */
public class BuildBenchmark extends FileWrites {

    /** Lines in the input: 1,000,000 (about 100 MB). */
    @Param({"1000000"})
    public long lines;

    /** One file, or shards of a given size. */
    @Param
    public StoreLayout layout;

    /** Dense, sparse or no index. */
    @Param
    public IndexStride stride;

    private Path input;
    private Path store;
    private StoreOptions options;

    /** Creates the benchmark state; JMH calls it. */
    public BuildBenchmark() {
    }

    /** Generates the input on first use, then builds once and checks the store. */
    @Setup(Level.Trial)
    public void prepare() {
        input = data().textFile(lines);
        store = scratch("build").resolve("store");
        options = layout.applyTo(StoreOptions.builder()).index(stride.kind()).build();
        build();
        try (LineStore built = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
            ResultCheck.lines(built.read(0, 1), 0, 1, lines, "built store");
            ResultCheck.lines(built.read(lines - 1, 1), lines - 1, 1, lines, "built store");
        }
    }

    /** Removes the store the last build wrote: a build needs an empty directory. */
    @Setup(Level.Invocation)
    public void clean() {
        BenchData.deleteTree(store);
    }

    /**
     * Builds the store.
     *
     * @return what the build wrote
     * @throws IllegalStateException if the store does not hold every input line
     */
    @Benchmark
    public BuildSummary build() {
        return buildChecked(input, store, options, lines);
    }

}
