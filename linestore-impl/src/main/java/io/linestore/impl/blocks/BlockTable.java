package io.linestore.impl.blocks;

import java.util.Arrays;

/**
 * Where the blocks of a compressed file lie: block {@code b} holds the text
 * {@code [textStart(b), textStart(b + 1))} and is decoded from the file's bytes
 * {@code [fileFrom(b), fileTo(b))}. Blocks are in text order and cover the text without gaps.
 * Implementations are immutable and thread-safe.
 */
public interface BlockTable {

    /**
     * Blocks in the file.
     *
     * @return {@code >= 0}
     */
    int blocks();

    /**
     * The block holding a byte of the text.
     *
     * @param textOffset a byte of the text, {@code [0, textStart(blocks()))}
     * @return the block, {@code [0, blocks())}
     */
    int blockAt(long textOffset);

    /**
     * Where a block's text starts.
     *
     * @param block {@code [0, blocks()]}; {@code blocks()} gives the text's size
     * @return the offset in the text
     */
    long textStart(int block);

    /**
     * The first byte of the file a block is decoded from.
     *
     * @param block {@code [0, blocks())}
     * @return the offset in the file
     */
    long fileFrom(int block);

    /**
     * The end, exclusive, of the file's bytes a block is decoded from.
     *
     * @param block {@code [0, blocks())}
     * @return the offset in the file
     */
    long fileTo(int block);

    /**
     * The last block that starts at or before a text offset, given the blocks' text starts: a block
     * without text starts where the next one does, so it is never the answer.
     *
     * @param textStarts the text start of each block, in order (more entries may follow)
     * @param blocks how many blocks there are
     * @param textOffset a byte of the text
     * @return the block holding the byte
     */
    static int holding(long[] textStarts, int blocks, long textOffset) {
        int i = Arrays.binarySearch(textStarts, 0, blocks, textOffset);
        if (i < 0) {
            return -i - 2;
        }
        while (i + 1 < blocks && textStarts[i + 1] == textOffset) {
            i++;
        }
        return i;
    }
}
