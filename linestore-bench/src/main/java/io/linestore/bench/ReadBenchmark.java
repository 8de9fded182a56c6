package io.linestore.bench;

import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.data.LineRanges;
import org.openjdk.jmh.annotations.Param;

/**
 * linestore's {@code read(offset, size)} for every layout, index stride and read method, at the
 * start, middle and end of the store.
 */
public class ReadBenchmark extends RangeReads {

    /** One file, or shards of a given size. */
    @Param
    public StoreLayout layout;

    /** Dense, sparse or no index. */
    @Param
    public IndexStride stride;

    /** How the store reads byte ranges. */
    @Param
    public ReadMethod method;

    /** Creates the benchmark state; JMH calls it. */
    public ReadBenchmark() {
    }

    /** Opens the store, building it on first use. */
    @Override
    protected LineRanges open(long[] firstLines) {
        return LineRanges.of(LineStores.open(data().store(lines, layout, stride), method));
    }

    @Override
    protected String reader() {
        return "linestore " + layout + "/" + stride + "/" + method;
    }
}
