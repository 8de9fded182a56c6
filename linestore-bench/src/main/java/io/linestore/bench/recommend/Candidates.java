package io.linestore.bench.recommend;

import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.StoreOptions;
import java.util.List;

/**
 * The layouts {@code recommend} weighs, in one list: one file with a dense index, one file with a
 * compact index (every line in constant time in about 1.3 bytes per line of 100 bytes), one file
 * with a sparse index of one entry per {@value #SPARSE_STRIDE} lines, shards of a tenth of the
 * sample each with a dense index, and one file with a dense index whose data is zstd blocks
 * ({@code --compress zstd}, the default block size and level). Each competes like the others; its
 * index bytes and stored bytes per line are shown in the tables and break ties.
 */
public final class Candidates {

    /** The sparse candidate's index stride. */
    static final int SPARSE_STRIDE = 64;

    /** How many shards the sharded candidate cuts the sample into. */
    private static final int SHARDS = 10;

    private Candidates() {
    }

    /**
     * Returns the candidates for a sample; the first is the reference the others are checked
     * against and the mapping-versus-channel crossover is measured on.
     *
     * @param sampleLines the sample's line count, {@code >= 1}
     * @return the candidates, the single file with a dense index first
     */
    public static List<Candidate> forSample(long sampleLines) {
        return List.of(
                new Candidate(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, IndexKind.DENSE),
                new Candidate(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, IndexKind.COMPACT),
                new Candidate(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, IndexKind.sparse(SPARSE_STRIDE)),
                new Candidate(Layout.SHARDED, Math.max(1, sampleLines / SHARDS), IndexKind.DENSE),
                new Candidate(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, IndexKind.DENSE, Compression.zstd()));
    }
}
