package io.linestore.impl.zstd;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.linestore.UnsupportedFormatException;
import io.linestore.impl.blocks.CheckpointTableWriter;
import io.linestore.impl.blocks.Checkpointer;
import io.linestore.impl.blocks.CompressedBytes;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The text of a zstd file of several frames (skippable frames, such as a seek table, among them),
 * read once from start to end, that records a checkpoint into a {@link CheckpointTableWriter} at the
 * first frame that starts {@code span} or more bytes of text after the last checkpoint. A frame is
 * the smallest unit a reader can enter, so a file of one frame holding more than {@code span} bytes,
 * or any frame holding more than {@link #MAX_FRAME_TEXT}, is refused with an
 * {@link UnsupportedFormatException} that names the ways out. A damaged or cut file is an
 * {@link IOException} naming the compressed byte. Read by one thread.
 */
public final class ZstdCheckpointer extends Checkpointer {

    /** The most text one frame may hold: a read decompresses at least a whole frame. */
    public static final int MAX_FRAME_TEXT = 1 << 24;

    private static final int BUFFER = 1 << 18;

    private final ByteBuffer input = ByteBuffer.allocateDirect(BUFFER).limit(0);
    private final ZstdDecompressCtx context = new ZstdDecompressCtx();
    private long frameStart;
    private long frameText;
    private int frames;
    private boolean inFrame;
    private boolean finished;

    /**
     * Reads a zstd file from its start.
     *
     * @param file the file, for messages
     * @param bytes the file's bytes, read from byte 0 to {@code size}
     * @param size the bytes to read
     * @param span text bytes between checkpoints, at least
     * @param checkpoints receives the checkpoints
     */
    public ZstdCheckpointer(Path file, CompressedBytes bytes, long size, long span,
            CheckpointTableWriter checkpoints) {
        super(file, bytes, size, span, checkpoints);
    }

    @Override
    protected int decode(ByteBuffer into) throws IOException {
        if (checkpoints.count() == 0) {
            checkpoints.add(0, 0, 0, null, 0);
        }
        int start = into.position();
        while (into.hasRemaining() && !finished) {
            if (!input.hasRemaining()) {
                if (read == size) {
                    end();
                    break;
                }
                fill(input);
                // Frames are never read again: a stream keeps nothing.
                release(read);
            }
            int before = into.position();
            boolean frameDone;
            try {
                frameDone = context.decompressDirectByteBufferStream(into, input);
            } catch (ZstdException e) {
                throw unsupportedOrDamaged(e);
            }
            int got = into.position() - before;
            text += got;
            frameText += got;
            inFrame = true;
            if (frameText > MAX_FRAME_TEXT) {
                throw new UnsupportedFormatException(file + ": the zstd frame at byte " + frameStart
                        + " holds more than " + MAX_FRAME_TEXT + " bytes of text, and a frame cannot be entered in"
                        + " the middle; " + WAYS_OUT);
            }
            if (frameDone) {
                frameEnded();
            }
        }
        int produced = into.position() - start;
        return produced == 0 && finished ? -1 : produced;
    }

    private static final String WAYS_OUT = "build a store from it (linestore build FILE STORE --compress zstd) or"
            + " recompress it in frames (pzstd)";

    private void frameEnded() throws IOException {
        frames++;
        inFrame = false;
        frameText = 0;
        frameStart = read - input.remaining();
        if (frameStart < size && text - checkpoints.lastText() >= span) {
            checkpoints.add(text, frameStart, 0, null, 0);
        }
    }

    /**
     * A frame zstd refuses: valid data that needs a dictionary, which linestore does not give zstd, or
     * a window larger than zstd decodes by default (128 MiB; {@code zstd --long=31} writes 2 GiB), is
     * unsupported; anything else damaged.
     */
    private IOException unsupportedOrDamaged(ZstdException e) {
        // The streaming calls report zstd's error code negated.
        long code = Math.abs(e.getErrorCode());
        String frame = "the zstd frame that starts at byte " + frameStart;
        if (code == Zstd.errDictionaryWrong()) {
            throw new UnsupportedFormatException(file + ": " + frame + " needs a dictionary, which linestore does not"
                    + " use; decompress it with its dictionary (zstd -d -D DICT) and index or build from the text");
        }
        if (code == Zstd.errFrameParameterWindowTooLarge()) {
            long window = windowOfFrame();
            throw new UnsupportedFormatException(file + ": " + frame + " needs a window of "
                    + (window > 0 ? window + " bytes" : "more than 128 MiB") + " (written by zstd --long or --ultra),"
                    + " more than the 128 MiB linestore decodes with; decompress it (zstd -d --long=31) and index or"
                    + " build from the text");
        }
        return new IOException("zstd data is damaged in " + frame + ": " + e.getMessage(), e);
    }

    /**
     * The window size the frame at {@link #frameStart} declares, from its header (RFC 8878, 3.1.1.1):
     * after the 4-byte magic number, the frame header descriptor, then (unless the frame is a single
     * segment, whose window is its content size) the window descriptor, an exponent in its high 5 bits
     * and a mantissa in its low 3: {@code base = 1 << (10 + exponent)}, {@code window = base + base / 8 *
     * mantissa}. -1 when the header is no longer in the input buffer or is a single segment's.
     */
    private long windowOfFrame() {
        long bufferStart = read - input.limit();
        long at = frameStart - bufferStart;
        if (at < 0 || at + 6 > input.limit()) {
            return -1;
        }
        int descriptor = input.get((int) at + 4) & 0xff;
        if ((descriptor & 0x20) != 0) {
            return -1;
        }
        int window = input.get((int) at + 5) & 0xff;
        long base = 1L << (10 + (window >>> 3));
        return base + base / 8 * (window & 7);
    }

    private void end() throws IOException {
        if (inFrame) {
            throw new EOFException("it ends inside the zstd frame that starts at byte " + frameStart
                    + " (truncated)");
        }
        if (frames == 1 && text > span) {
            throw new UnsupportedFormatException(file + " is one zstd frame of " + text + " bytes of text: it cannot"
                    + " be entered in the middle, so every read would decompress it from the start; " + WAYS_OUT);
        }
        finished = true;
    }

    @Override
    public void close() {
        context.close();
    }
}
