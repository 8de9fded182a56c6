package io.linestore.bench.recommend;

import io.linestore.Layout;
import io.linestore.StoreOptions;
import java.util.List;

/**
 * The layouts {@code recommend} weighs, in one list: one file with a dense index, one file with a
 * sparse index of one entry per {@value #SPARSE_STRIDE} lines, and shards of a tenth of the sample
 * each with a dense index. The compact index of issue 14 does not exist yet; once it does, it joins
 * this list as {@code single/compact} (see {@link Candidate}) and competes like the others, its
 * index bytes per line shown in the tables and used to break ties.
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
                new Candidate(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, 1),
                new Candidate(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, SPARSE_STRIDE),
                new Candidate(Layout.SHARDED, Math.max(1, sampleLines / SHARDS), 1));
    }
}
