package io.linestore.impl.blocks;

import java.util.zip.DataFormatException;

/**
 * Turns the compressed bytes of one block (as its {@link BlockTable} places them) into its text: zstd
 * frames, or a span of a gzip file entered at a checkpoint. Implementations are thread-safe.
 */
public interface BlockDecoder extends AutoCloseable {

    /**
     * Decodes a block.
     *
     * @param block the block
     * @param compressed its compressed bytes, from index 0
     * @param length how many
     * @param text receives the block's text: all of it, or its first {@code text.length} bytes when
     *     the decoder {@link #decodesPrefixes()}
     * @throws DataFormatException if the bytes do not decode to exactly that text (the message says
     *     what is wrong, without the file's name)
     */
    void decode(int block, byte[] compressed, int length, byte[] text) throws DataFormatException;

    /**
     * Whether {@link #decode} can stop after the first bytes of a block's text, so that a read near
     * a block's start decodes only that far.
     *
     * @return {@code false} by default: every decode gives the whole block
     */
    default boolean decodesPrefixes() {
        return false;
    }

    /** Releases what the decoder holds open; does nothing by default. */
    @Override
    default void close() {
    }
}
