package io.linestore.impl.zstd;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.linestore.impl.blocks.BlockDecoder;
import java.util.zip.DataFormatException;

/**
 * Decodes a block that is one or more zstd frames (skippable frames among them are skipped): a block
 * of a compressed store, or the frames of a {@code .zst} file between two of its checkpoints. Each
 * thread decompresses with its own zstd context.
 */
public final class ZstdFrames implements BlockDecoder {

    private static final ThreadLocal<ZstdDecompressCtx> CONTEXT = ThreadLocal.withInitial(ZstdDecompressCtx::new);

    /** A decoder; it keeps no state of its own. */
    public ZstdFrames() {
    }

    @Override
    public void decode(int block, byte[] compressed, int length, byte[] text) throws DataFormatException {
        decode(CONTEXT.get(), compressed, 0, length, text, 0, text.length);
    }

    /**
     * A decoder with a zstd context of its own, for threads that do not live long (virtual threads,
     * whose thread-local context would never be freed): one per task, closed when it is done. Not
     * thread-safe.
     */
    public static final class OwnContext implements AutoCloseable {

        private final ZstdDecompressCtx context = new ZstdDecompressCtx();

        /** Makes the decoder and its context. */
        public OwnContext() {
        }

        /**
         * Decodes zstd frames into exactly {@code textLength} bytes of text.
         *
         * @param compressed the frames' bytes
         * @param at where they start in {@code compressed}
         * @param length how many
         * @param text receives the text
         * @param textAt where it goes in {@code text}
         * @param textLength how many bytes of text the frames hold
         * @throws DataFormatException if the bytes do not decode to exactly that text
         */
        public void decode(byte[] compressed, int at, int length, byte[] text, int textAt, int textLength)
                throws DataFormatException {
            ZstdFrames.decode(context, compressed, at, length, text, textAt, textLength);
        }

        /** Frees the context's native memory. */
        @Override
        public void close() {
            context.close();
        }
    }

    private static void decode(ZstdDecompressCtx context, byte[] compressed, int at, int length, byte[] text,
            int textAt, int textLength) throws DataFormatException {
        int n;
        try {
            n = context.decompressByteArray(text, textAt, textLength, compressed, at, length);
        } catch (ZstdException e) {
            throw new DataFormatException("zstd says: " + e.getMessage());
        }
        if (n != textLength) {
            throw new DataFormatException("it holds " + n + " bytes of text, the table says " + textLength);
        }
    }
}
