package io.linestore.impl.index;

import io.linestore.IndexKind;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.LongUnaryOperator;

/**
 * The encodings of a dense index compared when the compact index was chosen: the dense
 * index's 8-byte offsets (the dense index), the Elias–Fano blocks linestore stores, and Lucene-style monotone blocks.
 */
enum IndexEncoding {

    /** The dense index: an 8-byte offset per line ({@link OffsetIndex}). */
    DENSE {
        @Override
        IndexLookup write(long[] starts, Path file, Arena arena) throws IOException {
            int lines = starts.length - 1;
            try (FileChannel channel = create(file)) {
                IndexWriter writer = IndexWriter.create(channel, IDENTITY, 1, BUFFER);
                for (int i = 0; i < lines; i++) {
                    writer.add(starts[i]);
                }
                long bytes = writer.finish(lines, starts[lines]);
                OffsetIndex index = OffsetIndex.open(file, channel.map(FileChannel.MapMode.READ_ONLY, 0,
                        IDENTITY.fileBytes(lines, 1), arena), IDENTITY, 1, lines, starts[lines]);
                return lookup(index::entry, bytes);
            }
        }
    },

    /** Elias–Fano blocks behind doubling directories, the compact index linestore writes ({@link CompactIndex}). */
    ELIAS_FANO {
        @Override
        IndexLookup write(long[] starts, Path file, Arena arena) throws IOException {
            int lines = starts.length - 1;
            try (FileChannel channel = create(file)) {
                CompactIndexWriter writer = CompactIndexWriter.create(channel, IDENTITY, IndexKind.DEFAULT_BLOCK_LINES,
                        BUFFER);
                for (int i = 0; i < lines; i++) {
                    writer.add(starts[i]);
                }
                long bytes = writer.finish(lines, starts[lines]);
                CompactIndex index = CompactIndex.open(file, channel.map(FileChannel.MapMode.READ_ONLY, 0, bytes,
                        arena), IDENTITY, IndexKind.DEFAULT_BLOCK_LINES, lines, starts[lines], bytes);
                return lookup(index::entry, bytes);
            }
        }
    },

    /** Lucene-style blocks: a line with the block's slope plus bit-packed deltas ({@link MonotoneBlocks}). */
    MONOTONE_BLOCKS {
        @Override
        IndexLookup write(long[] starts, Path file, Arena arena) throws IOException {
            return MonotoneBlocks.write(starts, file, arena);
        }
    };

    private static final int BUFFER = 1 << 20;

    private static final IndexFormat.Identity IDENTITY = new IndexFormat.Identity(IndexFormat.VERSION, 0, 1, 1);

    /**
     * Writes an index of the line starts to a new file and maps it.
     *
     * @param starts every line's start, then the end of the last line
     * @param file the file to create
     * @param arena the arena the mapping lives in
     * @return the lookup, valid while the arena is open
     * @throws IOException if writing or mapping fails
     */
    abstract IndexLookup write(long[] starts, Path file, Arena arena) throws IOException;

    private static FileChannel create(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
    }

    private static IndexLookup lookup(LongUnaryOperator start, long bytes) {
        return new IndexLookup() {
            @Override
            public long start(long line) {
                return start.applyAsLong(line);
            }

            @Override
            public long bytes() {
                return bytes;
            }
        };
    }
}
