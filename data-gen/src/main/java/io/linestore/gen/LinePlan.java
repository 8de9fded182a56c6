package io.linestore.gen;

import java.util.zip.CRC32C;

/**
 * The pure function from (seed, options, line number) to the bytes of a line: whether it is empty,
 * how long it is, how it ends and what it holds. Immutable and thread-safe; it knows nothing of the
 * line count, so the caller says whether a line is the last one.
 *
 * <p>Line {@code i} draws its choices from {@code h = Mix.at(seedKey, i)}: the top 24 bits decide
 * whether it is empty, bit 0 picks the terminator of a mixed ending, bits 8 and up pick where its
 * payload starts in the {@link ContentPool} (or, for log and JSON content, every choice of its
 * {@link RecordContent}), and {@code Mix.mix64(h ^ LENGTH_SALT)} draws its length.
 */
final class LinePlan {

    private static final long LENGTH_SALT = 0x6C656E677468L;
    private static final long POOL_SALT = 0x706F6F6CL;
    private static final int EMPTY_BITS = 24;

    private final long seedKey;
    private final LengthDistribution lengths;
    private final long emptyThreshold;
    private final LineEnding ending;
    private final boolean finalNewline;
    private final ContentKind content;
    private final ContentPool pool;

    LinePlan(long seed, LengthDistribution lengths, double emptyRatio, ContentCharset charset, ContentKind content,
            LineEnding ending, boolean finalNewline) {
        this.seedKey = Mix.mix64(seed);
        this.lengths = lengths;
        this.emptyThreshold = Math.round(emptyRatio * (1L << EMPTY_BITS));
        this.ending = ending;
        this.finalNewline = finalNewline;
        this.content = content;
        this.pool = content == ContentKind.RANDOM ? ContentPool.create(charset, Mix.mix64(seedKey ^ POOL_SALT)) : null;
    }

    /**
     * Returns the bytes of line {@code i}, content and terminator.
     *
     * @param last whether {@code i} is the last line (it has no terminator and is never empty when
     *     the output has no final newline, so that it still counts as a line)
     */
    long lineBytes(long i, boolean last) {
        long h = Mix.at(seedKey, i);
        boolean unterminated = last && !finalNewline;
        return contentBytes(i, h, unterminated) + terminatorBytes(h, unterminated);
    }

    /**
     * Appends line {@code i}, content and terminator, to {@code block}.
     *
     * @param last as in {@link #lineBytes(long, boolean)}
     * @param scratch working state owned by the calling thread
     * @return the content length in bytes (without the terminator)
     */
    int write(long i, boolean last, Block block, LineScratch scratch) {
        long h = Mix.at(seedKey, i);
        boolean unterminated = last && !finalNewline;
        int content = contentBytes(i, h, unterminated);
        int terminator = terminatorBytes(h, unterminated);
        byte[] dst = block.reserve(content + terminator);
        int start = block.length();
        int pos = start;
        if (content > 0) {
            pos = scratch.writeNumber(i, dst, pos);
            int payload = content - (pos - start) - LineFrame.SUFFIX_BYTES;
            if (pool != null) {
                pool.copy(h >>> 8, dst, pos, payload);
            } else {
                RecordContent.write(this.content, i, h, dst, pos, payload);
            }
            pos += payload;
            CRC32C crc = scratch.crc();
            crc.update(dst, start, pos - start);
            pos = LineFrame.writeSuffix((int) crc.getValue(), dst, pos);
        }
        if (terminator == 2) {
            dst[pos++] = '\r';
        }
        if (terminator > 0) {
            dst[pos++] = '\n';
        }
        block.setLength(pos);
        return content;
    }

    private int contentBytes(long i, long h, boolean unterminated) {
        boolean empty = !unterminated && (h >>> (Long.SIZE - EMPTY_BITS)) < emptyThreshold;
        return empty ? 0 : Math.max(lengths.sample(Mix.mix64(h ^ LENGTH_SALT)), LineFrame.minimumLength(i));
    }

    private int terminatorBytes(long h, boolean unterminated) {
        if (unterminated) {
            return 0;
        }
        return switch (ending) {
            case LF -> 1;
            case CRLF -> 2;
            case MIXED -> (h & 1) == 0 ? 1 : 2;
        };
    }
}
