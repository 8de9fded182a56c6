package io.linestore.bench.recommend;

import io.linestore.Layout;
import io.linestore.OptionNames;
import io.linestore.StoreOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * A store layout {@code recommend} builds from the sample and measures. Adding a kind of index
 * (such as a compact index) means a component here that {@link #options}, {@link #name} and
 * {@link #buildArguments} spell, and a line in {@link Candidates}; the decision needs nothing new,
 * since it ranks tied candidates by the files and index bytes per line their built stores report.
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
     * Names the candidate: {@code single/dense}, {@code single/sparse-64}, {@code sharded-100000/dense}.
     *
     * @return the name; with {@code /} replaced, a directory name
     */
    public String name() {
        String shape = layout == Layout.SINGLE ? "single" : "sharded-" + linesPerShard;
        return shape + "/" + (indexStride == 1 ? "dense" : "sparse-" + indexStride);
    }

    /**
     * Returns the {@code linestore build} options that build this candidate.
     *
     * @return options such as {@code --layout sharded --shard-lines 100000 --index-stride 1}
     */
    public List<String> buildArguments() {
        List<String> arguments = new ArrayList<>(List.of("--layout", OptionNames.of(layout)));
        if (layout == Layout.SHARDED) {
            arguments.addAll(List.of("--shard-lines", String.valueOf(linesPerShard)));
        }
        arguments.addAll(List.of("--index-stride", String.valueOf(indexStride)));
        return arguments;
    }
}
