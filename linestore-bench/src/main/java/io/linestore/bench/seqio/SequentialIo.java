package io.linestore.bench.seqio;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The ways of writing and reading a whole file that the sequential I/O benchmarks compare. Shared
 * by the JMH {@code @Param}s and the tests.
 *
 * <p>Every method writes the same bytes ({@link #write}: {@code chunk} repeated, the last copy cut
 * short) and reads in chunks of exactly {@code bufferSize} bytes (the last one shorter), so
 * {@link #read} returns the same checksum for the same file and buffer size whichever method reads
 * it. Not thread-safe per file: one call at a time per path.
 */
public enum SequentialIo {

    /** {@link RandomAccessFile#write(byte[])} and {@code readFully} into a {@code byte[]}. */
    RANDOM_ACCESS_FILE {
        @Override
        void writeChunks(Path file, long size, byte[] chunk, boolean force) throws IOException {
            try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
                out.setLength(0);
                for (long done = 0; done < size; done += chunk.length) {
                    out.write(chunk, 0, (int) Math.min(chunk.length, size - done));
                }
                if (force) {
                    out.getFD().sync();
                }
            }
        }

        @Override
        long readChunks(Path file, int bufferSize) throws IOException {
            byte[] buffer = new byte[bufferSize];
            long checksum = 0;
            try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
                long size = in.length();
                for (long done = 0; done < size; done += bufferSize) {
                    int length = (int) Math.min(bufferSize, size - done);
                    in.readFully(buffer, 0, length);
                    checksum = mix(checksum, buffer[0], buffer[length - 1]);
                }
            }
            return checksum;
        }
    },

    /** {@link BufferedOutputStream} and {@link BufferedInputStream} with a buffer of the given size. */
    BUFFERED_STREAM {
        @Override
        void writeChunks(Path file, long size, byte[] chunk, boolean force) throws IOException {
            try (FileOutputStream fileOut = new FileOutputStream(file.toFile());
                    OutputStream out = new BufferedOutputStream(fileOut, chunk.length)) {
                for (long done = 0; done < size; done += chunk.length) {
                    out.write(chunk, 0, (int) Math.min(chunk.length, size - done));
                }
                out.flush();
                if (force) {
                    fileOut.getFD().sync();
                }
            }
        }

        @Override
        long readChunks(Path file, int bufferSize) throws IOException {
            byte[] buffer = new byte[bufferSize];
            long checksum = 0;
            try (InputStream in = new BufferedInputStream(Files.newInputStream(file), bufferSize)) {
                int length;
                while ((length = in.readNBytes(buffer, 0, bufferSize)) > 0) {
                    checksum = mix(checksum, buffer[0], buffer[length - 1]);
                }
            }
            return checksum;
        }
    },

    /** {@link FileChannel} with a heap {@link ByteBuffer}. */
    FILE_CHANNEL_HEAP {
        @Override
        void writeChunks(Path file, long size, byte[] chunk, boolean force) throws IOException {
            ByteBuffer buffer = ByteBuffer.wrap(chunk);
            writeThroughChannel(file, size, buffer, force);
        }

        @Override
        long readChunks(Path file, int bufferSize) throws IOException {
            return readThroughChannel(file, ByteBuffer.allocate(bufferSize));
        }
    },

    /** {@link FileChannel} with a direct {@link ByteBuffer}, which the kernel copies into directly. */
    FILE_CHANNEL_DIRECT {
        @Override
        void writeChunks(Path file, long size, byte[] chunk, boolean force) throws IOException {
            ByteBuffer buffer = ByteBuffer.allocateDirect(chunk.length).put(chunk).flip();
            writeThroughChannel(file, size, buffer, force);
        }

        @Override
        long readChunks(Path file, int bufferSize) throws IOException {
            return readThroughChannel(file, ByteBuffer.allocateDirect(bufferSize));
        }
    },

    /**
     * A memory mapping ({@link FileChannel#map(FileChannel.MapMode, long, long, Arena)}), copied to
     * or from a {@code byte[]} of the buffer size; {@code force} is {@link MemorySegment#force()}.
     */
    MMAP {
        @Override
        void writeChunks(Path file, long size, byte[] chunk, boolean force) throws IOException {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
                            StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ, StandardOpenOption.WRITE);
                    Arena arena = Arena.ofConfined()) {
                MemorySegment mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
                for (long done = 0; done < size; done += chunk.length) {
                    int length = (int) Math.min(chunk.length, size - done);
                    MemorySegment.copy(chunk, 0, mapped, ValueLayout.JAVA_BYTE, done, length);
                }
                if (force) {
                    mapped.force();
                }
            }
        }

        @Override
        long readChunks(Path file, int bufferSize) throws IOException {
            byte[] buffer = new byte[bufferSize];
            long checksum = 0;
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                    Arena arena = Arena.ofConfined()) {
                long size = channel.size();
                MemorySegment mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
                for (long done = 0; done < size; done += bufferSize) {
                    int length = (int) Math.min(bufferSize, size - done);
                    MemorySegment.copy(mapped, ValueLayout.JAVA_BYTE, done, buffer, 0, length);
                    checksum = mix(checksum, buffer[0], buffer[length - 1]);
                }
            }
            return checksum;
        }
    };

    /**
     * Writes {@code size} bytes to {@code file} (created or truncated): {@code chunk} again and
     * again, the buffer size being {@code chunk.length}.
     *
     * @param file the file to write
     * @param size the file's new size in bytes, {@code >= 0}
     * @param chunk the bytes to repeat; its length is the buffer size, {@code >= 1}
     * @param force whether to force the bytes to the device before returning
     * @throws UncheckedIOException naming the file if writing fails
     */
    public void write(Path file, long size, byte[] chunk, boolean force) {
        try {
            writeChunks(file, size, chunk, force);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + " with " + this, e);
        }
    }

    /**
     * Reads the whole of {@code file} in chunks of {@code bufferSize} bytes.
     *
     * @param file the file to read
     * @param bufferSize the chunk size, {@code >= 1}
     * @return a checksum of the first and last byte of every chunk, equal for every method
     * @throws UncheckedIOException naming the file if reading fails
     */
    public long read(Path file, int bufferSize) {
        try {
            return readChunks(file, bufferSize);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " with " + this, e);
        }
    }

    /**
     * Makes a chunk of varied bytes to {@link #write}.
     *
     * @param size the chunk's length, the buffer size, {@code >= 1}
     * @return a new chunk
     */
    public static byte[] chunk(int size) {
        byte[] chunk = new byte[size];
        for (int i = 0; i < size; i++) {
            chunk[i] = (byte) (i * 131 + 17);
        }
        return chunk;
    }

    /**
     * Returns what {@link #read} with a buffer of {@code chunk.length} bytes returns for a file that
     * {@link #write} wrote with {@code chunk}.
     *
     * @param chunk the chunk the file was written with
     * @param size the file's size
     * @return the expected checksum
     */
    public static long expectedChecksum(byte[] chunk, long size) {
        long checksum = 0;
        for (long done = 0; done < size; done += chunk.length) {
            int length = (int) Math.min(chunk.length, size - done);
            checksum = mix(checksum, chunk[0], chunk[length - 1]);
        }
        return checksum;
    }

    abstract void writeChunks(Path file, long size, byte[] chunk, boolean force) throws IOException;

    abstract long readChunks(Path file, int bufferSize) throws IOException;

    private static void writeThroughChannel(Path file, long size, ByteBuffer chunk, boolean force)
            throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            for (long done = 0; done < size; done += chunk.capacity()) {
                chunk.clear().limit((int) Math.min(chunk.capacity(), size - done));
                while (chunk.hasRemaining()) {
                    channel.write(chunk);
                }
            }
            if (force) {
                channel.force(false);
            }
        }
    }

    private static long readThroughChannel(Path file, ByteBuffer buffer) throws IOException {
        long checksum = 0;
        buffer.order(ByteOrder.nativeOrder());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            while (true) {
                buffer.clear();
                while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                    // a short read is not the end of the file: fill the whole chunk
                }
                if (buffer.position() == 0) {
                    return checksum;
                }
                checksum = mix(checksum, buffer.get(0), buffer.get(buffer.position() - 1));
            }
        }
    }

    private static long mix(long checksum, byte first, byte last) {
        return checksum * 31 + (first & 0xff) * 257L + (last & 0xff);
    }
}
