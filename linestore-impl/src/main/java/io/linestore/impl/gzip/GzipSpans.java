package io.linestore.impl.gzip;

import io.linestore.impl.blocks.BlockCache;
import io.linestore.impl.blocks.BlockDecoder;
import io.linestore.impl.blocks.CheckpointTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes the text of a gzip file between two of its checkpoints with the JDK's {@link Inflater}
 * (raw deflate): sets the checkpoint's window as the dictionary, enters the block through a
 * {@link DeflatePreface} when it starts inside a byte, and inflates until the text asked for is out,
 * crossing member ends on the way (a member's trailer and the next one's header are skipped). The
 * JDK's inflater costs nothing to set up, where zlib's own calls, which indexing needs, cost a
 * {@code java.lang.foreign} link of a few hundred milliseconds per process. Thread-safe: each decode
 * has its own inflater. Owns the checkpoint table.
 */
public final class GzipSpans implements BlockDecoder {

    /** A gzip member's trailer: CRC-32 and length, 4 bytes each. */
    private static final int TRAILER = 8;

    /** The decoded frames of windows a store keeps, at most (a frame of 64 is 0.3 to 0.6 MB). */
    public static final long WINDOW_CACHE_BYTES = 16L << 20;

    private final CheckpointTable table;
    private final BlockCache windows;

    /**
     * Decodes the blocks of a table.
     *
     * @param table the gzip file's checkpoints, owned from now on
     * @param windows where the table's decoded frames of windows are kept
     */
    public GzipSpans(CheckpointTable table, BlockCache windows) {
        this.table = table;
        this.windows = windows;
    }

    @Override
    public void decode(int block, byte[] compressed, int length, byte[] text) throws DataFormatException {
        int produced = inflate(table.window(block, windows), table.bits(block), compressed, length, text, true);
        if (produced < text.length) {
            throw new DataFormatException("the text ends " + (text.length - produced)
                    + " bytes before the checkpoints say it does");
        }
    }

    /**
     * Inflates the text after a checkpoint with the JDK's inflater: the window is the dictionary, and
     * a block that starts inside a byte is entered through a {@link DeflatePreface}.
     *
     * @param window the text before the checkpoint, or any bytes of its length (the text's bytes
     *     that copy from the window then copy from them)
     * @param bits how many high bits of {@code compressed[0]} start the block, 0 to 7
     * @param compressed the file's bytes from the checkpoint's first byte
     * @param length how many of them
     * @param text where the text goes, from index 0, until it is full
     * @param acrossMembers whether to go on after a member's end (skipping its trailer and the next
     *     header, with a fresh window) or stop there
     * @return bytes of text produced: {@code text.length}, or fewer where the input or the member ended
     * @throws DataFormatException if the deflate data is damaged
     */
    static int inflate(byte[] window, int bits, byte[] compressed, int length, byte[] text, boolean acrossMembers)
            throws DataFormatException {
        Inflater inflater = new Inflater(true);
        try {
            if (window.length > 0) {
                inflater.setDictionary(window);
            }
            int at = bits > 0 ? 1 : 0;
            boolean prefaced = bits > 0;
            if (prefaced) {
                inflater.setInput(DeflatePreface.of(bits, (compressed[0] & 0xFF) >>> (8 - bits)));
            } else {
                inflater.setInput(compressed, at, length - at);
            }
            int produced = 0;
            while (produced < text.length) {
                int n = inflater.inflate(text, produced, text.length - produced);
                produced += n;
                if (produced == text.length) {
                    break;
                }
                if (inflater.finished()) {
                    if (!acrossMembers) {
                        break;
                    }
                    // A member ended: skip its trailer and the next member's header, go on with a fresh window.
                    int next = GzipHeader.skip(compressed, length - inflater.getRemaining() + TRAILER, length);
                    inflater.reset();
                    inflater.setInput(compressed, next, length - next);
                } else if (inflater.needsInput()) {
                    if (!prefaced) {
                        break;
                    }
                    prefaced = false;
                    inflater.setInput(compressed, at, length - at);
                } else if (n == 0) {
                    throw new DataFormatException("the deflate data asks for a dictionary");
                }
            }
            return produced;
        } finally {
            inflater.end();
        }
    }

    @Override
    public boolean decodesPrefixes() {
        return true;
    }

    @Override
    public void close() {
        try {
            table.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
