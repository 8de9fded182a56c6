package io.linestore;

import java.util.Locale;
import java.util.Objects;

/**
 * Whether and how a store compresses its data files. Immutable and thread-safe; equal settings are
 * {@link #equals}.
 *
 * <ul>
 *   <li>{@link #NONE}: the data file is the lines themselves; the default.
 *   <li>{@link #zstd(int, int) zstd:LEVEL}: the lines are packed into blocks of about
 *       {@code blockBytes} bytes, each compressed as one independent zstd frame with a checksum; the
 *       data file is a valid multi-frame zstd stream ({@code zstd -dc} gives back the stored lines) that
 *       ends in a seek table of the zstd seekable format. The index keeps line offsets in the
 *       uncompressed text, so a read decompresses only the blocks its lines lie in.
 *   <li>{@link #inPlace(String, int) gzip or zstd in place}: a file another tool compressed, indexed
 *       where it lies ({@link LineStores#index}); it cannot be built or appended to. {@code blockBytes}
 *       is the span: the text between two checkpoints, where a read can start decoding. A gzip
 *       checkpoint keeps the 32 KiB of text before it; a zstd checkpoint is the start of a frame.
 * </ul>
 *
 * <p>A block ends at a line end; a line longer than a block spans blocks of its own. Larger blocks and
 * higher levels make the store smaller and a cold read of one line slower (it decompresses a whole
 * block). The text form, accepted by {@link #parse} and given by {@link #toString}, is {@code none},
 * {@code zstd} (level {@value #DEFAULT_ZSTD_LEVEL}) or {@code zstd:LEVEL} (1 to 22).
 */
public final class Compression {

    /** The zstd level when none is given. */
    public static final int DEFAULT_ZSTD_LEVEL = 3;

    /**
     * Uncompressed bytes per block when none is given: 32 KiB. Measured on generated logs (see
     * docs/benchmarks.md): a cold one-line read took 60 to 71 µs against 109 to 116 µs with 64 KiB
     * blocks, for data 1.04x {@code zstd -3} of the whole file against 1.02x.
     */
    public static final int DEFAULT_BLOCK_BYTES = 1 << 15;

    /** The smallest block allowed: 64 bytes (tests use tiny blocks to cross every boundary). */
    public static final int MIN_BLOCK_BYTES = 64;

    /** The largest block allowed: 16 MiB. */
    public static final int MAX_BLOCK_BYTES = 1 << 24;

    /** Uncompressed data files. */
    public static final Compression NONE = new Compression(0, 0);

    private static final String FORMS = "none, zstd or zstd:LEVEL (LEVEL 1 to 22)";

    /** The span between checkpoints of a file indexed in place when none is given: 1 MiB. */
    public static final int DEFAULT_SPAN_BYTES = 1 << 20;

    private final String codec;
    private final int level;
    private final int blockBytes;

    private Compression(int level, int blockBytes) {
        this(level == 0 ? "none" : "zstd", level, blockBytes);
    }

    private Compression(String codec, int level, int blockBytes) {
        this.codec = codec;
        this.level = level;
        this.blockBytes = blockBytes;
    }

    /**
     * zstd blocks at the default level and block size.
     *
     * @return the setting
     */
    public static Compression zstd() {
        return zstd(DEFAULT_ZSTD_LEVEL, DEFAULT_BLOCK_BYTES);
    }

    /**
     * zstd blocks.
     *
     * @param level the zstd level, 1 to 22
     * @param blockBytes uncompressed bytes per block, {@value #MIN_BLOCK_BYTES} to {@value #MAX_BLOCK_BYTES}
     * @return the setting
     * @throws IllegalArgumentException if a value is out of range (the message names it)
     */
    public static Compression zstd(int level, int blockBytes) {
        if (level < 1 || level > 22) {
            throw new IllegalArgumentException("zstd level must be 1 to 22: " + level);
        }
        if (blockBytes < MIN_BLOCK_BYTES || blockBytes > MAX_BLOCK_BYTES) {
            throw new IllegalArgumentException("block size must be " + MIN_BLOCK_BYTES + " to " + MAX_BLOCK_BYTES
                    + " bytes: " + blockBytes);
        }
        return new Compression(level, blockBytes);
    }

    /**
     * A file compressed by another tool, indexed in place.
     *
     * @param codec {@code gzip} (one member or several, bgzip included) or {@code zstd} (several frames)
     * @param spanBytes text bytes between checkpoints, at least; {@value #MIN_BLOCK_BYTES} to
     *     {@value #MAX_BLOCK_BYTES}
     * @return the setting
     * @throws IllegalArgumentException if the codec is neither or the span is out of range
     */
    public static Compression inPlace(String codec, int spanBytes) {
        if (!codec.equals("gzip") && !codec.equals("zstd")) {
            throw new IllegalArgumentException("a file indexed in place is gzip or zstd, not " + codec);
        }
        if (spanBytes < MIN_BLOCK_BYTES || spanBytes > MAX_BLOCK_BYTES) {
            throw new IllegalArgumentException("span must be " + MIN_BLOCK_BYTES + " to " + MAX_BLOCK_BYTES
                    + " bytes: " + spanBytes);
        }
        return new Compression(codec, -1, spanBytes);
    }

    /**
     * Parses the text form, case-insensitively, with the default block size.
     *
     * @param text {@code none}, {@code zstd} or {@code zstd:LEVEL}
     * @return the setting
     * @throws IllegalArgumentException if the text is none of these (the message names the forms)
     */
    public static Compression parse(String text) {
        Objects.requireNonNull(text, "text");
        String form = text.trim().toLowerCase(Locale.ROOT);
        if (form.equals("none")) {
            return NONE;
        }
        if (form.equals("zstd")) {
            return zstd();
        }
        if (form.startsWith("zstd:")) {
            try {
                return zstd(Integer.parseInt(form.substring("zstd:".length())), DEFAULT_BLOCK_BYTES);
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new IllegalArgumentException("compression \"" + text + "\" is not one of " + FORMS);
    }

    /**
     * The same setting with another block size; {@link #NONE} stays as it is.
     *
     * @param bytes uncompressed bytes per block
     * @return the setting
     * @throws IllegalArgumentException if the size is out of range
     */
    public Compression withBlockBytes(int bytes) {
        return inPlace() ? inPlace(codec, bytes) : compressed() ? zstd(level, bytes) : NONE;
    }

    /**
     * Whether this is a file compressed by another tool and indexed in place.
     *
     * @return {@code true} for {@link #inPlace(String, int)}
     */
    public boolean inPlace() {
        return level < 0;
    }

    /**
     * The codec.
     *
     * @return {@code none}, {@code zstd} or {@code gzip}
     */
    public String codec() {
        return codec;
    }

    /**
     * Whether data files are compressed.
     *
     * @return {@code false} for {@link #NONE}
     */
    public boolean compressed() {
        return level != 0;
    }

    /**
     * The zstd level of a store.
     *
     * @return 1 to 22, 0 for {@link #NONE}, -1 for a file indexed in place (its level is the other
     *     tool's)
     */
    public int level() {
        return level;
    }

    /**
     * Uncompressed bytes per block; for a file indexed in place, the span between checkpoints.
     *
     * @return the size, or 0 for {@link #NONE}
     */
    public int blockBytes() {
        return blockBytes;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Compression c && c.codec.equals(codec) && c.level == level
                && c.blockBytes == blockBytes;
    }

    @Override
    public int hashCode() {
        return (31 * codec.hashCode() + level) * 31 + blockBytes;
    }

    /** The text form: {@code none} or {@code zstd:LEVEL}; the codec of a file indexed in place. */
    @Override
    public String toString() {
        return inPlace() ? codec : compressed() ? "zstd:" + level : "none";
    }
}
