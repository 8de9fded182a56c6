package io.linestore.impl.build;

import io.linestore.Compression;
import io.linestore.WriteOptions;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.blocks.CheckpointTableWriter;
import io.linestore.impl.blocks.Checkpointer;
import io.linestore.impl.blocks.CompressedBytes;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.gzip.GzipCheckpointer;
import io.linestore.impl.zstd.ZstdCheckpointer;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.io.ChunkSource;
import io.linestore.IndexKind;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Indexes the text of a compressed file as it is decoded, once from its start (or from where an
 * earlier index of it ended): writes the line index of the text and the checkpoint table reads start
 * decoding at. Owns, for the run, the table's writer and the decoder (a {@link GzipCheckpointer},
 * with its zlib state and window thread, or a {@link ZstdCheckpointer}) and closes them in the one
 * order native memory and the table need: the decoder first, so that no window is written to the
 * table, and zlib's state is not freed, while a thread still works with them. Serves a local file's
 * sidecar and an object's, read by one GET, alike.
 */
public final class DecodedTextIndexer {

    private DecodedTextIndexer() {
    }

    /**
     * Decodes a gzip or zstd file from {@code from} to {@code size}, indexing its text.
     *
     * @param name the file or object, for messages
     * @param bytes its compressed bytes
     * @param from where decoding starts: 0, or the end of the gzip members an earlier index covered
     * @param size the compressed bytes to decode to
     * @param base the sidecar's manifest so far: its compression, store id and index kind
     * @param tableFile the checkpoint table to write
     * @param before the table of the earlier index to continue, or {@code null} for a new one
     * @param indexFile the line index to write (or, with {@code committed} lines, to continue)
     * @param committed the text indexed before, counted in text bytes ({@link ShardEntry#EMPTY} for none)
     * @param continuesLine whether the text before ends inside a line
     * @param write buffer size, fsync, progress
     * @return what was indexed, with the CRC32C of the compressed bytes decoded
     * @throws IOException if the file is damaged or cut, or reading or writing fails
     */
    public static Indexed indexCompressed(Path name, CompressedBytes bytes, long from, long size, Manifest base,
            Path tableFile, CheckpointTable before, Path indexFile, ShardEntry committed, boolean continuesLine,
            WriteOptions write) throws IOException {
        Compression compression = base.compression();
        boolean gzip = compression.codec().equals("gzip");
        try (CheckpointTableWriter table = before == null
                ? new CheckpointTableWriter(tableFile, base.storeId(), gzip ? CheckpointTable.GZIP : CheckpointTable.ZSTD)
                : CheckpointTableWriter.continuing(tableFile, base.storeId(), before);
                Checkpointer decoded = gzip
                        ? new GzipCheckpointer(name, bytes, from, committed.textBytes(), size, compression.blockBytes(),
                                table)
                        : new ZstdCheckpointer(name, bytes, size, compression.blockBytes(), table)) {
            Indexed indexed = index(decoded, table, size, indexFile, base.index(), IndexFormat.Identity.of(base, 0),
                    committed, continuesLine, write);
            return indexed.withDecodedCrc32c(decoded.crc32c());
        }
    }

    /**
     * What an index of a compressed file's text found.
     *
     * @param text the text's lines, size (as {@code dataBytes}) and line index
     * @param checkpointsBytes the checkpoint table's size
     * @param checkpointsCrc32c the checkpoint table's CRC32C
     * @param endsInsideLine whether the text ends inside a line (its last byte is not {@code \n})
     * @param decodedCrc32c the CRC32C of the compressed bytes decoded
     */
    public record Indexed(ShardEntry text, long checkpointsBytes, long checkpointsCrc32c, boolean endsInsideLine,
            long decodedCrc32c) {

        private Indexed withDecodedCrc32c(long crc32c) {
            return new Indexed(text, checkpointsBytes, checkpointsCrc32c, endsInsideLine, crc32c);
        }

        /**
         * The manifest's entry of the compressed file: its text's lines and index, the file's size and
         * checksums.
         *
         * @param fileBytes the compressed file's size
         * @param crc32c the CRC32C of the compressed file
         * @param headCrc32c the CRC32C of its first bytes ({@link io.linestore.impl.format.DataFileIdentity})
         * @return the entry
         */
        public ShardEntry entry(long fileBytes, long crc32c, long headCrc32c) {
            return new ShardEntry(text.lines(), fileBytes, crc32c, text.indexBytes(), text.indexCrc32c(), headCrc32c,
                    text.dataBytes(), text.loneNewlines());
        }
    }

    /**
     * Decodes the text to its end, indexing its lines, and finishes the checkpoint table.
     *
     * @param decoded the text; reads the file up to {@code fileBytes}
     * @param table the table {@code decoded} adds checkpoints to
     * @param fileBytes the compressed file's size
     * @param indexFile the line index to write (or, with {@code committed} lines, to continue)
     * @param kind the index kind
     * @param identity the index's header identity
     * @param committed the text indexed before, counted in text bytes ({@link ShardEntry#EMPTY} for none)
     * @param continuesLine whether the text before ends inside a line
     * @param write buffer size, fsync, progress
     * @return what was indexed
     * @throws IOException if the file is damaged or cut, or reading or writing fails
     */
    private static Indexed index(Checkpointer decoded, CheckpointTableWriter table, long fileBytes, Path indexFile,
            IndexKind kind, IndexFormat.Identity identity, ShardEntry committed, boolean continuesLine,
            WriteOptions write) throws IOException {
        try (ShardWriter writer = ShardWriter.indexOnly(indexFile, kind, identity, write.writeBufferSize(),
                write.fsync(), committed, continuesLine ? 1 : 0)) {
            LineFeeder feeder = new LineFeeder(writer, write.writeBufferSize(), !continuesLine, write.progress());
            // Decoding takes a core of its own; scanning and indexing share the other.
            feeder.feed(ChunkSource.decoding(decoded));
            boolean endsInsideLine = feeder.endsInsideLine();
            ShardEntry text = writer.finish(endsInsideLine ? 1 : 0);
            long[] checkpoints = table.finish(text.dataBytes(), fileBytes, write.fsync());
            return new Indexed(text, checkpoints[0], checkpoints[1], endsInsideLine, 0);
        }
    }
}
