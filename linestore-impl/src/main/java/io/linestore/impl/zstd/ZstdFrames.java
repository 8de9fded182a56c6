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
        int n;
        try {
            n = CONTEXT.get().decompressByteArray(text, 0, text.length, compressed, 0, length);
        } catch (ZstdException e) {
            throw new DataFormatException("zstd says: " + e.getMessage());
        }
        if (n != text.length) {
            throw new DataFormatException("it holds " + n + " bytes of text, the table says " + text.length);
        }
    }
}
