package io.linestore;

import java.util.Locale;

/**
 * How a store finds the bytes of a line. Immutable and thread-safe; equal kinds are {@link #equals}.
 *
 * <ul>
 *   <li>{@link #COMPACT}: every line's offset, found in constant time, in about
 *       {@code 2 + log2(average line length)} bits per line (1.3 bytes for lines of 100 bytes, never
 *       above 8); a lookup costs a few dependent memory reads more than a dense one.
 *   <li>{@link #DENSE}: every line's offset as an 8-byte number; a read is one byte range; the
 *       default.
 *   <li>{@link #sparse(int) sparse:K}: every K-th line's offset (8 bytes per K lines); a read scans
 *       from the entry before its first line to the entry after its last, at most K-1 lines before
 *       those it returns and K-1 after them, and counts them all against the index.
 *   <li>{@link #NONE}: no index; a read scans from the start of its shard (the naive way, kept for
 *       the benchmarks).
 * </ul>
 *
 * <p>The text form, accepted by {@link #parse} and given by {@link #toString}, is {@code compact},
 * {@code dense}, {@code sparse:K} or {@code none}; {@code compact:B} sets the lines per block of a
 * compact index (a power of two from 2 to 65536, 128 by default: smaller blocks cost more bytes per
 * line, larger ones more reads per lookup).
 */
public final class IndexKind {

    /** Lines per block of a compact index unless told otherwise. */
    public static final int DEFAULT_BLOCK_LINES = 128;

    /** Elias–Fano coded offsets, about 1.3 bytes per line of 100 bytes. */
    public static final IndexKind COMPACT = new IndexKind(1, DEFAULT_BLOCK_LINES);

    /** An 8-byte offset per line. */
    public static final IndexKind DENSE = new IndexKind(1, 0);

    /** No index. */
    public static final IndexKind NONE = new IndexKind(0, 0);

    private static final String FORMS = "compact, compact:B, dense, sparse:K or none";

    private final int stride;
    private final int blockLines;

    private IndexKind(int stride, int blockLines) {
        this.stride = stride;
        this.blockLines = blockLines;
    }

    /**
     * An 8-byte offset every {@code k} lines.
     *
     * @param k lines per entry, {@code >= 1} ({@code 1} is {@link #DENSE})
     * @return the kind
     * @throws IllegalArgumentException if {@code k < 1}
     */
    public static IndexKind sparse(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("a sparse index needs K >= 1 lines per entry: " + k);
        }
        return k == 1 ? DENSE : new IndexKind(k, 0);
    }

    /**
     * A compact index with blocks of {@code blockLines} lines.
     *
     * @param blockLines a power of two from 2 to 65536
     * @return the kind
     * @throws IllegalArgumentException if {@code blockLines} is not allowed
     */
    public static IndexKind compact(int blockLines) {
        if (blockLines < 2 || blockLines > 1 << 16 || Integer.bitCount(blockLines) != 1) {
            throw new IllegalArgumentException("a compact index needs a power of two from 2 to 65536 lines per block: "
                    + blockLines);
        }
        return blockLines == DEFAULT_BLOCK_LINES ? COMPACT : new IndexKind(1, blockLines);
    }

    /**
     * The kind an index stride of format version 1 names.
     *
     * @param stride 0 none, 1 dense, {@code K > 1} sparse
     * @return the kind
     * @throws IllegalArgumentException if {@code stride < 0}
     */
    public static IndexKind ofStride(int stride) {
        if (stride < 0) {
            throw new IllegalArgumentException("index stride must be >= 0: " + stride);
        }
        return stride == 0 ? NONE : sparse(stride);
    }

    /**
     * Reads the text form.
     *
     * @param text {@code compact}, {@code compact:B}, {@code dense}, {@code sparse:K} or {@code none}
     * @return the kind
     * @throws IllegalArgumentException naming the text if it is none of those
     */
    public static IndexKind parse(String text) {
        String lower = text.strip().toLowerCase(Locale.ROOT);
        int colon = lower.indexOf(':');
        String name = colon < 0 ? lower : lower.substring(0, colon);
        try {
            return switch (name) {
                case "compact" -> colon < 0 ? COMPACT : compact(Integer.parseInt(lower.substring(colon + 1)));
                case "sparse" -> sparse(Integer.parseInt(lower.substring(colon + 1)));
                case "dense" -> colon < 0 ? DENSE : invalid(text);
                case "none" -> colon < 0 ? NONE : invalid(text);
                default -> invalid(text);
            };
        } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("index '" + text + "' is not one of " + FORMS + ": " + e.getMessage(),
                    e);
        }
    }

    private static IndexKind invalid(String text) {
        throw new IllegalArgumentException("unknown index kind '" + text + "'");
    }

    /**
     * Lines per index entry as format version 1 counts them.
     *
     * @return 0 none, 1 compact or dense, {@code K > 1} sparse
     */
    public int stride() {
        return stride;
    }

    /**
     * Whether this is a compact index.
     *
     * @return {@code true} for {@link #COMPACT} and {@link #compact(int)}
     */
    public boolean isCompact() {
        return blockLines > 0;
    }

    /**
     * Lines per block of a compact index.
     *
     * @return a power of two, or 0 if this is not a compact index
     */
    public int blockLines() {
        return blockLines;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IndexKind kind && kind.stride == stride && kind.blockLines == blockLines;
    }

    @Override
    public int hashCode() {
        return 31 * stride + blockLines;
    }

    /**
     * The text form.
     *
     * @return as {@link #parse} reads it
     */
    @Override
    public String toString() {
        if (isCompact()) {
            return blockLines == DEFAULT_BLOCK_LINES ? "compact" : "compact:" + blockLines;
        }
        return switch (stride) {
            case 0 -> "none";
            case 1 -> "dense";
            default -> "sparse:" + stride;
        };
    }
}
