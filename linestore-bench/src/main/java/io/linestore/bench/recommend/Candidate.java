package io.linestore.bench.recommend;

import io.linestore.Compression;
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
 * @param compression how the data is stored; {@code null} (in measurements recorded without it) is
 *     {@link Compression#NONE}
 */
public record Candidate(Layout layout, long linesPerShard, IndexKind index, Compression compression) {

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
        compression = compression == null ? Compression.NONE : compression;
    }

    /**
     * An uncompressed candidate.
     *
     * @param layout single file or shards
     * @param linesPerShard lines per shard, for {@link Layout#SHARDED}
     * @param index the index kind
     */
    public Candidate(Layout layout, long linesPerShard, IndexKind index) {
        this(layout, linesPerShard, index, Compression.NONE);
    }

    /**
     * Returns the store options that build this candidate.
     *
     * @param autoThresholdBytes the {@link io.linestore.ReadMethod#AUTO} threshold to record
     * @return the options
     */
    public StoreOptions options(long autoThresholdBytes) {
        return StoreOptions.builder().layout(layout).linesPerShard(linesPerShard).index(index)
                .compression(compression).autoThresholdBytes(autoThresholdBytes).build();
    }

    /**
     * Names the candidate: {@code single/dense}, {@code single/compact}, {@code single/sparse-64},
     * {@code sharded-100000/dense}, {@code single/dense/zstd-3}.
     *
     * @return the name; with {@code /} replaced, a directory name
     */
    public String name() {
        String shape = layout == Layout.SINGLE ? "single" : "sharded-" + linesPerShard;
        String name = shape + "/" + index.toString().replace(':', '-');
        return compression.compressed() ? name + "/" + compression.toString().replace(':', '-') : name;
    }

    /**
     * Returns the {@code linestore build} options that build this candidate.
     *
     * @return options such as {@code --layout sharded --shard-lines 100000 --index dense}, and
     *     {@code --compress zstd:3} for a compressed candidate
     */
    public List<String> buildArguments() {
        List<String> arguments = new ArrayList<>(List.of("--layout", OptionNames.of(layout)));
        if (layout == Layout.SHARDED) {
            arguments.addAll(List.of("--shard-lines", String.valueOf(linesPerShard)));
        }
        arguments.addAll(List.of("--index", index.toString()));
        if (compression.compressed()) {
            arguments.addAll(List.of("--compress", compression.toString()));
        }
        return arguments;
    }
}
