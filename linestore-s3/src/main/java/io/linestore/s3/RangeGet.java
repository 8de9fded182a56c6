package io.linestore.s3;

import io.linestore.CorruptStoreException;
import io.linestore.LineVisitor;
import io.linestore.impl.read.PromisedLines;
import java.nio.file.Path;

/**
 * One ranged GET of a shard's data object for a read: the bytes between consecutive index entries,
 * with the byte before the first (which must be the {@code \n} that proves the first entry points at
 * a line start), and which of their lines are wanted. {@link PromisedLines} checks what the GET
 * returned against the entries, as every local read does, before any line is handed out.
 *
 * @param object the data object, for messages
 * @param entries the index entries the GET spans, at least 2, in the data's byte offsets; for a shard
 *     without index {@code {0, dataBytes}}
 * @param firstLine the shard line number of {@code entries[0]}
 * @param stride lines per entry, {@code >= 1}; 0 for a shard without index
 * @param from the first wanted shard line
 * @param to one past the last wanted shard line
 */
record RangeGet(Path object, long[] entries, long firstLine, int stride, long from, long to) {

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

    /**
     * Checks the bytes the GET returned, then visits the wanted lines.
     *
     * @param bytes the bytes {@code [fetchFrom(), fetchTo())} as the server returned them
     * @param promised the shard's check
     * @param lineBase added to a shard line number to make the store line number the visitor gets
     * @param visitor receives each wanted line's bytes, without terminator
     * @throws CorruptStoreException if the answer is short or the bytes do not split into the
     *     promised lines
     */
    void split(byte[] bytes, PromisedLines promised, long lineBase, LineVisitor visitor) {
        if (bytes.length != fetchTo() - fetchFrom()) {
            throw new CorruptStoreException(object, "a GET of bytes [" + fetchFrom() + ", " + fetchTo() + ") returned "
                    + bytes.length + " bytes: the object is shorter than the manifest commits");
        }
        promised.visit(bytes, entries, firstLine, stride, from, to, lineBase, visitor);
    }
}
