package io.linestore.impl.zstd;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.linestore.impl.blocks.BlockDecoder;
import java.util.zip.DataFormatException;

/**
 * Decodes a block that is one or more zstd frames (skippable frames among them are skipped): a block
 * of a compressed store, or the frames of a {@code .zst} file between two of its checkpoints. Each
 * decode takes a context from the owner's {@link ZstdContexts} and gives it back.
 */
public final class ZstdFrames implements BlockDecoder {

    private final ZstdContexts contexts;

    /**
     * A decoder.
     *
     * @param contexts where its contexts come from; the owner's, closed by the owner
     */
    public ZstdFrames(ZstdContexts contexts) {
        this.contexts = contexts;
    }

    @Override
    public void decode(int block, byte[] compressed, int length, byte[] text) throws DataFormatException {
        contexts.<Void, DataFormatException>with(context -> {
            decode(context, compressed, 0, length, text, 0, text.length);
            return null;
        });
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
