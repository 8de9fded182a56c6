package io.linestore.impl.blocks;

import io.linestore.CorruptStoreException;
import io.linestore.impl.io.ChunkSink;
import io.linestore.impl.read.RangeInputStream;
import io.linestore.impl.read.RangeReader;
import io.linestore.impl.read.Scratch;
import io.linestore.impl.read.TextRanges;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.DataFormatException;

/**
 * Reads the uncompressed text of a compressed file by text offset, so that every line reader above it
 * (index splitting, scanning, the per-read checks) works as on a plain data file. Finds the blocks a
 * range lies in with the file's {@link BlockTable} (a store's seek table, or the checkpoints of a file
 * indexed in place), fetches each block's compressed bytes with the store's read method (the raw
 * reader: mapping, channel, random access file or buffered stream), and decodes them with the
 * {@link BlockDecoder} through the store's {@link BlockCache}. A range inside one block is handed out
 * as a view of the cached block, without a copy.
 *
 * <p>A block that does not decode (a flipped byte fails a checksum, a cut block its size) or whose
 * text is not the size the table gives is a {@link CorruptStoreException} naming the file, the block
 * and its bytes, never other text. Thread-safe: each decode writes into a new array.
 */
public final class BlockReader implements RangeReader, TextRanges {

    private static final ThreadLocal<byte[][]> COMPRESSED = ThreadLocal.withInitial(() -> new byte[1][0]);

    private final Path file;
    private final int shard;
    private final RangeReader raw;
    private final BlockTable table;
    private final BlockDecoder decoder;
    private final BlockCache cache;

    /**
     * Reads a compressed data file through a reader of its bytes, which it then owns.
     *
     * @param file the data file, for messages
     * @param shard the shard's number, the cache's key
     * @param raw reads the file's compressed bytes
     * @param table the file's blocks
     * @param decoder decodes a block; owned by the reader from now on
     * @param cache the store's cache of decompressed blocks
     */
    public BlockReader(Path file, int shard, RangeReader raw, BlockTable table, BlockDecoder decoder,
            BlockCache cache) {
        this.file = file;
        this.shard = shard;
        this.raw = raw;
        this.table = table;
        this.decoder = decoder;
        this.cache = cache;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        for (long position = from; position < to; ) {
            int b = table.blockAt(position);
            long start = table.textStart(b);
            long end = Math.min(to, table.textStart(b + 1));
            byte[] text = block(b, (int) (end - start));
            int at = (int) (position - start);
            int length = (int) (end - position);
            if (!sink.accept(ByteBuffer.wrap(text, at, length).slice())) {
                return;
            }
            position = end;
        }
    }

    @Override
    public void readFully(long from, byte[] into, int at, int length) throws IOException {
        for (long position = from, to = from + length; position < to; ) {
            int b = table.blockAt(position);
            long start = table.textStart(b);
            long end = Math.min(to, table.textStart(b + 1));
            byte[] text = block(b, (int) (end - start));
            System.arraycopy(text, (int) (position - start), into, at + (int) (position - from), (int) (end - position));
            position = end;
        }
    }

    @Override
    public ByteBuffer bytes(long from, int length, Scratch scratch) throws IOException {
        int b = table.blockAt(from);
        long start = table.textStart(b);
        if (from + length <= table.textStart(b + 1)) {
            return ByteBuffer.wrap(block(b, (int) (from + length - start)), (int) (from - start), length).slice();
        }
        return RangeReader.super.bytes(from, length, scratch);
    }

    @Override
    public Reader openReader(long from, long to) {
        InputStream text = new RangeInputStream(from, to) {
            @Override
            protected void fill(long position, byte[] into, int at, int length) throws IOException {
                readFully(position, into, at, length);
            }
        };
        return new BufferedReader(new InputStreamReader(text, StandardCharsets.UTF_8),
                (int) Math.max(1, Math.min(to - from, 8192)));
    }

    /**
     * At least the first {@code need} bytes of a block's text, from the cache or decoded: a decoder
     * that can stop early decodes only that much the first time, and the whole block when more is
     * needed later (so reads that walk a block decode it at most twice).
     */
    private byte[] block(int b, int need) throws IOException {
        int wanted = decoder.decodesPrefixes() ? need : (int) (table.textStart(b + 1) - table.textStart(b));
        try {
            return cache.get(shard, b, wanted, this::decompress);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Decodes the block's first {@code need} bytes of text, or all of it if it holds fewer. */
    private byte[] decompress(int block, int need) {
        long fileFrom = table.fileFrom(block);
        int compressedBytes = (int) (table.fileTo(block) - fileFrom);
        int textBytes = (int) Math.min(need, table.textStart(block + 1) - table.textStart(block));
        byte[][] holder = COMPRESSED.get();
        if (holder[0].length < compressedBytes) {
            holder[0] = new byte[Math.max(compressedBytes, 2 * holder[0].length)];
        }
        byte[] compressed = holder[0];
        try {
            raw.readFully(fileFrom, compressed, 0, compressedBytes);
        } catch (EOFException e) {
            throw new CorruptStoreException(file, "truncated: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        byte[] text = new byte[textBytes];
        try {
            decoder.decode(block, compressed, compressedBytes, text);
        } catch (DataFormatException e) {
            throw new CorruptStoreException(file, "block " + block + " (bytes [" + fileFrom + ", "
                    + (fileFrom + compressedBytes) + ")) does not decompress: " + e.getMessage(), e);
        }
        return text;
    }

    @Override
    public void close() throws IOException {
        try (raw) {
            decoder.close();
        }
    }
}
