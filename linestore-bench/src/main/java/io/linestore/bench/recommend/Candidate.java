package io.linestore.bench.recommend;

import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.StoreOptions;
import io.linestore.cli.common.OptionNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A store layout {@code recommend} builds from the sample and measures. Adding a kind of store
 * means a line in {@link Candidates}; the decision needs nothing new, since it ranks tied
 * candidates by the files and index bytes per line their built stores report.
 *
 * @param layout single file or shards
 * @param linesPerShard lines per shard, for {@link Layout#SHARDED}
 * @param index the index kind; never {@link IndexKind#NONE} (an unindexed store is never recommended)
 */
public record Candidate(Layout layout, long linesPerShard, IndexKind index) {

    /**
     * Checks the candidate.
     *
     * @throws NullPointerException if {@code layout} or {@code index} is null
     * @throws IllegalArgumentException if {@code index} is {@link IndexKind#NONE}
     */
    public Candidate {
        Objects.requireNonNull(layout, "layout");
        if (index.equals(IndexKind.NONE)) {
            throw new IllegalArgumentException("an unindexed store is never a candidate");
        }
    }

    /**
     * Returns the store options that build this candidate.
     *
     * @param autoThresholdBytes the {@link io.linestore.ReadMethod#AUTO} threshold to record
     * @return the options
     */
    public StoreOptions options(long autoThresholdBytes) {
        return StoreOptions.builder().layout(layout).linesPerShard(linesPerShard).index(index)
                .autoThresholdBytes(autoThresholdBytes).build();
    }

    /**
     * Names the candidate: {@code single/dense}, {@code single/compact}, {@code single/sparse-64},
     * {@code sharded-100000/dense}.
     *
     * @return the name; with {@code /} replaced, a directory name
     */
    public String name() {
        String shape = layout == Layout.SINGLE ? "single" : "sharded-" + linesPerShard;
        return shape + "/" + index.toString().replace(':', '-');
    }

    /**
     * Returns the {@code linestore build} options that build this candidate.
     *
     * @return options such as {@code --layout sharded --shard-lines 100000 --index dense}
     */
    public List<String> buildArguments() {
        List<String> arguments = new ArrayList<>(List.of("--layout", OptionNames.of(layout)));
        if (layout == Layout.SHARDED) {
            arguments.addAll(List.of("--shard-lines", String.valueOf(linesPerShard)));
        }
        arguments.addAll(List.of("--index", index.toString()));
        return arguments;
    }
}
