package io.linestore.impl.index;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The candidate linestore did not choose: blocks of line starts coded the way Lucene's
 * {@code DirectMonotonicWriter} does, as a line from the block's first value with the block's average
 * slope plus bit-packed non-negative deltas from that line. Here for the comparison only.
 *
 * <p>File: the blocks, then a directory of one 8-byte position per block (written last: this file
 * cannot be appended to; linestore's doubling directories would cost the same for either block
 * coding). A block, little-endian: base (8 bytes), slope (4-byte float), bits per delta w (1 byte,
 * 0..56 or 64), then the deltas, w bits each, LSB first, and 8 bytes of slack for unaligned reads.
 * Value j of a block is {@code base + (long) (slope * j) + delta[j]}.
 */
final class MonotoneBlocks implements IndexLookup {

    static final int BLOCK_LINES = 128;
    private static final int HEADER_BYTES = 13;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat FLOAT =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final MemorySegment segment;
    private final long directory;

    private MonotoneBlocks(MemorySegment segment, long directory) {
        this.segment = segment;
        this.directory = directory;
    }

    /**
     * Writes the values to a new file and maps it.
     *
     * @param values the non-decreasing values
     * @param file the file to create
     * @param arena the arena of the mapping
     * @return the lookup over the mapping
     * @throws IOException if writing or mapping fails
     */
    static MonotoneBlocks write(long[] values, Path file, Arena arena) throws IOException {
        int blocks = Math.ceilDiv(values.length, BLOCK_LINES);
        long[] positions = new long[blocks];
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            long position = 0;
            for (int b = 0; b < blocks; b++) {
                positions[b] = position;
                ByteBuffer block = encode(values, b * BLOCK_LINES, Math.min(values.length, (b + 1) * BLOCK_LINES));
                while (block.hasRemaining()) {
                    position += channel.write(block, position);
                }
            }
            ByteBuffer table = ByteBuffer.allocate(blocks * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (long p : positions) {
                table.putLong(p);
            }
            long directory = position;
            for (table.flip(); table.hasRemaining(); ) {
                position += channel.write(table, position);
            }
            return new MonotoneBlocks(channel.map(FileChannel.MapMode.READ_ONLY, 0, position, arena), directory);
        }
    }

    private static ByteBuffer encode(long[] values, int from, int to) {
        int count = to - from;
        float slope = count > 1 ? (float) ((values[to - 1] - values[from]) / (double) (count - 1)) : 0;
        long minDelta = Long.MAX_VALUE;
        long maxDelta = Long.MIN_VALUE;
        for (int j = 0; j < count; j++) {
            long delta = values[from + j] - values[from] - (long) (slope * j);
            minDelta = Math.min(minDelta, delta);
            maxDelta = Math.max(maxDelta, delta);
        }
        int width = 64 - Long.numberOfLeadingZeros(maxDelta - minDelta);
        if (width > 56) {
            width = 64;
        }
        ByteBuffer block = ByteBuffer.allocate(HEADER_BYTES + (int) Math.ceilDiv((long) count * width, 8) + 8)
                .order(ByteOrder.LITTLE_ENDIAN);
        long base = values[from] + minDelta;
        block.putLong(base).putFloat(slope).put((byte) width);
        for (int j = 0; j < count; j++) {
            long delta = values[from + j] - base - (long) (slope * j);
            long bit = (long) j * width;
            for (int done = 0; done < width; done++) {
                if ((delta >>> done & 1) != 0) {
                    int at = HEADER_BYTES + (int) ((bit + done) >>> 3);
                    block.put(at, (byte) (block.get(at) | 1 << ((bit + done) & 7)));
                }
            }
        }
        return block.position(0);
    }

    @Override
    public long start(long line) {
        long position = segment.get(LONG, directory + (line / BLOCK_LINES) * Long.BYTES);
        int j = (int) (line % BLOCK_LINES);
        long base = segment.get(LONG, position);
        float slope = segment.get(FLOAT, position + 8);
        int width = segment.get(ValueLayout.JAVA_BYTE, position + 12);
        long delta;
        if (width == 64) {
            delta = segment.get(LONG, position + HEADER_BYTES + (long) j * Long.BYTES);
        } else {
            long bit = (long) j * width;
            delta = (segment.get(LONG, position + HEADER_BYTES + (bit >>> 3)) >>> (bit & 7)) & ((1L << width) - 1);
        }
        return base + (long) (slope * j) + delta;
    }

    @Override
    public long bytes() {
        return segment.byteSize();
    }
}
