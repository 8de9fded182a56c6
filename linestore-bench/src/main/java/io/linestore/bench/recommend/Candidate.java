package io.linestore.bench.recommend;

import io.linestore.Layout;
import io.linestore.OptionNames;
import io.linestore.StoreOptions;

/**
 * A store layout {@code recommend} builds from the sample and measures.
 *
 * @param layout single file or shards
 * @param linesPerShard lines per shard, for {@link Layout#SHARDED}
 * @param indexStride the index stride, {@code >= 1} (an unindexed store is never recommended)
 */
public record Candidate(Layout layout, long linesPerShard, int indexStride) {

    /**
     * Returns the store options that build this candidate.
     *
     * @param autoThresholdBytes the {@link io.linestore.ReadMethod#AUTO} threshold to record
     * @return the options
     */
    public StoreOptions options(long autoThresholdBytes) {
        return StoreOptions.builder().layout(layout).linesPerShard(linesPerShard).indexStride(indexStride)
                .autoThresholdBytes(autoThresholdBytes).build();
    }

    /**
     * Names the candidate: {@code single/stride-1}, {@code sharded-100000/stride-1}.
     *
     * @return a name that is also a directory name
     */
    public String name() {
        String shape = layout == Layout.SINGLE ? "single" : "sharded-" + linesPerShard;
        return shape + "/stride-" + indexStride;
    }

    /**
     * Returns the {@code linestore build} options that build this candidate.
     *
     * @return options such as {@code --layout sharded --shard-lines 100000 --index-stride 1}
     */
    public String buildOptions() {
        String shape = "--layout " + OptionNames.of(layout);
        if (layout == Layout.SHARDED) {
            shape += " --shard-lines " + linesPerShard;
        }
        return shape + " --index-stride " + indexStride;
    }
}
