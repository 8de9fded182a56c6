package io.linestore.s3;

import io.linestore.CorruptStoreException;
import io.linestore.LineVisitor;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Splits the bytes of one ranged GET into lines and hands the wanted ones to a visitor, after
 * checking the bytes against the index entries that promised them: the per-read check of
 * {@code docs/design.md} ("Line semantics", "What each read checks"), over a byte array instead of
 * a file. Nothing is handed out unless the whole range checks out, so a damaged or replaced object
 * gives a {@link CorruptStoreException}, never wrong lines.
 *
 * <p>The range is described by consecutive index entries {@code entries[0..m]}: byte offsets in the
 * data object of lines {@code firstLine, firstLine + K, ...}, the last possibly the data's end. The
 * bytes are {@code [entries[0] - 1, entries[m])}, with the byte before the range (when there is one),
 * which must be a {@code \n}: that proves the first entry points at a line start. Then each run
 * {@code [entries[i], entries[i+1])} must hold exactly the K lines (fewer at the shard's end) its
 * entry promises, and end with {@code \n} (but for the unterminated last line of an object indexed
 * in place). A {@code \r} right before a {@code \n} belongs to the terminator; any other is content.
 *
 * <p>Stateless; the visitor gets views of the array, valid during its call.
 */
final class RangeLines {

    private static final byte LF = '\n';
    private static final byte CR = '\r';

    /**
     * What one GET covers and which of its lines are wanted.
     *
     * @param object the data object, for messages
     * @param entries the index entries the range spans, at least 2, in the data's byte offsets
     * @param firstLine the shard line number of {@code entries[0]}
     * @param stride lines per entry, {@code >= 1}; 0 for a shard without index, whose one run
     *     {@code [0, dataBytes)} holds {@code shardLines} lines
     * @param shardLines the shard's committed lines
     * @param dataBytes the shard's committed data size
     * @param openEnd whether the shard's last line may lack its {@code \n} (an object indexed in place)
     * @param from the first wanted shard line
     * @param to one past the last wanted shard line
     */
    record Plan(Path object, long[] entries, long firstLine, int stride, long shardLines, long dataBytes,
            boolean openEnd, long from, long to) {

        /**
         * The first byte to fetch: the one before the range, when there is one.
         *
         * @return a byte offset in the data object
         */
        long fetchFrom() {
            return entries[0] > 0 ? entries[0] - 1 : 0;
        }

        /**
         * One past the last byte to fetch.
         *
         * @return a byte offset in the data object
         */
        long fetchTo() {
            return entries[entries.length - 1];
        }
    }

    private RangeLines() {
    }

    /**
     * Checks the fetched bytes against the plan, then visits the wanted lines.
     *
     * @param plan what was fetched and what is wanted
     * @param bytes the bytes {@code [plan.fetchFrom(), plan.fetchTo())} as the server returned them
     * @param lineBase added to a shard line number to make the store line number the visitor gets
     * @param visitor receives each wanted line's bytes, without terminator
     * @throws CorruptStoreException if the bytes do not split into the promised lines
     */
    static void split(Plan plan, byte[] bytes, long lineBase, LineVisitor visitor) {
        check(plan, bytes);
        long[] entries = plan.entries();
        int lead = entries[0] > 0 ? 1 : 0;
        for (int i = 0; i + 1 < entries.length; i++) {
            long segmentFirst = plan.firstLine() + (long) i * plan.stride();
            int p = (int) (entries[i] - entries[0]) + lead;
            int end = (int) (entries[i + 1] - entries[0]) + lead;
            for (long line = segmentFirst; p < end; line++) {
                int newline = indexOf(bytes, p, end);
                int lineEnd = newline < 0 ? end : newline;
                if (line >= plan.from() && line < plan.to()) {
                    int contentEnd = newline >= 0 && lineEnd > p && bytes[lineEnd - 1] == CR ? lineEnd - 1 : lineEnd;
                    visitor.visit(lineBase + line, ByteBuffer.wrap(bytes, p, contentEnd - p));
                }
                p = newline < 0 ? end : newline + 1;
            }
        }
    }

    private static void check(Plan plan, byte[] bytes) {
        long[] entries = plan.entries();
        long fetched = plan.fetchTo() - plan.fetchFrom();
        if (bytes.length != fetched) {
            throw corrupt(plan, "a GET of bytes [" + plan.fetchFrom() + ", " + plan.fetchTo() + ") returned "
                    + bytes.length + " bytes: the object is shorter than the manifest commits");
        }
        if (entries[entries.length - 1] > plan.dataBytes() || entries[0] < 0) {
            throw corrupt(plan, "index entries [" + entries[0] + ", " + entries[entries.length - 1]
                    + "] lie outside the data's " + plan.dataBytes() + " bytes");
        }
        int lead = entries[0] > 0 ? 1 : 0;
        if (lead == 1 && bytes[0] != LF) {
            throw corrupt(plan, "line " + plan.firstLine() + " starts at byte " + entries[0]
                    + ", but the byte before it is not a line end: the index does not match the data");
        }
        for (int i = 0; i + 1 < entries.length; i++) {
            long start = entries[i];
            long stop = entries[i + 1];
            long segmentFirst = plan.firstLine() + (long) i * plan.stride();
            if (stop <= start) {
                throw corrupt(plan, "index entries do not increase: line " + segmentFirst + " at byte " + start
                        + ", the next entry at byte " + stop);
            }
            long promised = plan.stride() == 0 ? plan.shardLines()
                    : Math.min(plan.stride(), plan.shardLines() - segmentFirst);
            int p = (int) (start - entries[0]) + lead;
            int end = (int) (stop - entries[0]) + lead;
            boolean open = plan.openEnd() && stop == plan.dataBytes() && bytes[end - 1] != LF;
            if (!open && bytes[end - 1] != LF) {
                throw corrupt(plan, "the byte before byte " + stop + " is not a line end: the index entry of line "
                        + (segmentFirst + Math.max(1, plan.stride())) + " does not point at a line start");
            }
            long lines = 0;
            for (int q = p; q < end; q++) {
                if (bytes[q] == LF) {
                    lines++;
                }
            }
            if (open) {
                lines++;
            }
            if (lines != promised) {
                throw corrupt(plan, "bytes [" + start + ", " + stop + ") hold " + lines + " lines, the index promises "
                        + promised + " from line " + segmentFirst);
            }
        }
    }

    private static int indexOf(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == LF) {
                return i;
            }
        }
        return -1;
    }

    private static CorruptStoreException corrupt(Plan plan, String detail) {
        return new CorruptStoreException(plan.object(), detail);
    }
}
