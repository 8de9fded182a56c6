package io.linestore.bench.config;

import io.linestore.Layout;
import io.linestore.StoreOptions;

/**
 * The store layouts the benchmarks compare: one file, or fixed-size shards of three sizes. Shared
 * by the JMH {@code @Param}s and the tests, so nothing is benchmarked that is not tested.
 */
public enum StoreLayout {

    /** One data file and one index file. */
    SINGLE(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD),

    /** Shards of 10,000 lines. */
    SHARDED_10K(Layout.SHARDED, 10_000),

    /** Shards of 100,000 lines. */
    SHARDED_100K(Layout.SHARDED, 100_000),

    /** Shards of 1,000,000 lines. */
    SHARDED_1M(Layout.SHARDED, 1_000_000);

    private final Layout layout;
    private final long linesPerShard;

    StoreLayout(Layout layout, long linesPerShard) {
        this.layout = layout;
        this.linesPerShard = linesPerShard;
    }

    /**
     * Returns the API layout.
     *
     * @return {@link Layout#SINGLE} or {@link Layout#SHARDED}
     */
    public Layout layout() {
        return layout;
    }

    /**
     * Returns the lines per shard; meaningful for {@link Layout#SHARDED} only.
     *
     * @return lines per shard, {@code >= 1}
     */
    public long linesPerShard() {
        return linesPerShard;
    }

    /**
     * Sets this layout on a builder of store options.
     *
     * @param builder the builder to change
     * @return the same builder
     */
    public StoreOptions.Builder applyTo(StoreOptions.Builder builder) {
        return builder.layout(layout).linesPerShard(linesPerShard);
    }
}
