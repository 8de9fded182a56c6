package io.linestore.impl.zstd;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
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

/**
 * Reads the uncompressed text of a compressed data file by text offset, so that every line reader
 * above it (index splitting, scanning, the per-read checks) works as on a plain data file. Finds the
 * frames a range lies in with the {@link SeekTable}, fetches each frame's compressed bytes with the
 * store's read method (the raw reader: mapping, channel, random access file or buffered stream), and
 * decompresses it through the store's {@link BlockCache}. A range inside one block is handed out as a
 * view of the cached block, without a copy.
 *
 * <p>A frame that does not decompress (a flipped byte fails its checksum, a cut frame its size) or
 * whose text is not the size the seek table gives is a {@link CorruptStoreException} naming the file,
 * the frame and its bytes, never other text. Thread-safe: each thread decompresses with its own zstd
 * context and into a new array.
 */
public final class BlockReader implements RangeReader, TextRanges {

    private static final ThreadLocal<ZstdDecompressCtx> CONTEXT = ThreadLocal.withInitial(ZstdDecompressCtx::new);
    private static final ThreadLocal<byte[][]> COMPRESSED = ThreadLocal.withInitial(() -> new byte[1][0]);

    private final Path file;
    private final int shard;
    private final RangeReader raw;
    private final SeekTable table;
    private final BlockCache cache;

    /**
     * Reads a compressed data file through a reader of its bytes, which it then owns.
     *
     * @param file the data file, for messages
     * @param shard the shard's number, the cache's key
     * @param raw reads the file's compressed bytes
     * @param table the file's frames
     * @param cache the store's cache of decompressed blocks
     */
    public BlockReader(Path file, int shard, RangeReader raw, SeekTable table, BlockCache cache) {
        this.file = file;
        this.shard = shard;
        this.raw = raw;
        this.table = table;
        this.cache = cache;
    }

    @Override
    public void read(long from, long to, ChunkSink sink) throws IOException {
        for (long position = from; position < to; ) {
            int frame = table.frameAt(position);
            byte[] block = block(frame);
            int at = (int) (position - table.textStart(frame));
            int length = (int) Math.min(to - position, block.length - at);
            if (!sink.accept(ByteBuffer.wrap(block, at, length).slice())) {
                return;
            }
            position += length;
        }
    }

    @Override
    public void readFully(long from, byte[] into, int at, int length) throws IOException {
        for (long position = from, end = from + length; position < end; ) {
            int frame = table.frameAt(position);
            byte[] block = block(frame);
            int offset = (int) (position - table.textStart(frame));
            int n = (int) Math.min(end - position, block.length - offset);
            System.arraycopy(block, offset, into, at + (int) (position - from), n);
            position += n;
        }
    }

    @Override
    public ByteBuffer bytes(long from, int length, Scratch scratch) throws IOException {
        int frame = table.frameAt(from);
        long start = table.textStart(frame);
        if (from + length <= table.textStart(frame + 1)) {
            return ByteBuffer.wrap(block(frame), (int) (from - start), length).slice();
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

    /** A frame's text, from the cache or decompressed. */
    private byte[] block(int frame) throws IOException {
        try {
            return cache.get(shard, frame, this::decompress);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private byte[] decompress(int frame) {
        long fileFrom = table.fileStart(frame);
        int compressedBytes = (int) (table.fileStart(frame + 1) - fileFrom);
        int textBytes = (int) (table.textStart(frame + 1) - table.textStart(frame));
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
        int n;
        try {
            n = CONTEXT.get().decompressByteArray(text, 0, textBytes, compressed, 0, compressedBytes);
        } catch (ZstdException e) {
            throw damagedFrame(frame, fileFrom, compressedBytes, "zstd says: " + e.getMessage(), e);
        }
        if (n != textBytes) {
            throw damagedFrame(frame, fileFrom, compressedBytes, "it holds " + n + " bytes of text, the seek table says "
                    + textBytes, null);
        }
        return text;
    }

    private CorruptStoreException damagedFrame(int frame, long from, int length, String problem, Exception cause) {
        return new CorruptStoreException(file, "block " + frame + " (bytes [" + from + ", " + (from + length)
                + ")) does not decompress: " + problem, cause);
    }

    @Override
    public void close() throws IOException {
        raw.close();
    }
}
