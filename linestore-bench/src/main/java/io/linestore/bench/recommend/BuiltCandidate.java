package io.linestore.bench.recommend;

import java.util.Comparator;
import java.util.Objects;

/**
 * A candidate as built from the sample: what ties are broken by.
 *
 * @param candidate the layout and index
 * @param files the store's files: manifest, data and index files
 * @param indexBytesPerLine the index's size per line
 * @param storedBytesPerLine data and index bytes per line: what the store takes on disk; 0 in
 *     measurements recorded without it
 */
public record BuiltCandidate(Candidate candidate, int files, double indexBytesPerLine, double storedBytesPerLine) {

    /**
     * The simpler first: fewer files (one file before shards), then the fewer bytes stored (a compact
     * index, a compressed store), then the smaller index (which alone tells apart measurements
     * recorded without stored sizes).
     */
    public static final Comparator<BuiltCandidate> SIMPLEST_FIRST = Comparator.comparingInt(BuiltCandidate::files)
            .thenComparingDouble(BuiltCandidate::storedBytesPerLine)
            .thenComparingDouble(BuiltCandidate::indexBytesPerLine);

    /**
     * Checks the candidate.
     *
     * @throws NullPointerException if {@code candidate} is null
     */
    public BuiltCandidate {
        Objects.requireNonNull(candidate, "candidate");
    }

    /**
     * Returns the candidate's name.
     *
     * @return {@link Candidate#name()}
     */
    public String name() {
        return candidate.name();
    }
}
