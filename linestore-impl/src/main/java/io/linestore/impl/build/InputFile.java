package io.linestore.impl.build;

import com.google.common.io.ByteStreams;
import io.linestore.impl.io.ChunkSource;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A text file to build or append from, opened so that writing the store can never feed it: a file
 * inside the store is refused (appending a store's own data file to it would read its own output
 * forever), and a regular file is read only up to the size it had when it was opened, so a file
 * that grows meanwhile (a log being written) ends where it ended then. A regular file is read
 * positionally through its channel; anything else (a pipe, a device), and a gzip or zstd file
 * ({@link CompressedInput}, told by its first bytes), as a stream. Close it.
 */
public final class InputFile implements Closeable {

    private final Closeable open;
    private final ChunkSource source;

    private InputFile(Closeable open, ChunkSource source) {
        this.open = open;
        this.source = source;
    }

    /**
     * Opens an input for a write into a store.
     *
     * @param input the text file
     * @param storeDir the store being written, which may not exist yet
     * @return the input, bounded to the file's size now for a regular file
     * @throws IllegalArgumentException if {@code input} is a directory or lies inside {@code storeDir}
     * @throws UncheckedIOException if the file does not exist or cannot be opened
     */
    public static InputFile open(Path input, Path storeDir) {
        try {
            if (Files.isDirectory(input)) {
                throw new IllegalArgumentException("input " + input + " is a directory, not a text file");
            }
            Path real = input.toRealPath();
            if (Files.exists(storeDir) && real.startsWith(storeDir.toRealPath())) {
                throw new IllegalArgumentException("input " + input + " is a file of the store " + storeDir
                        + " itself; copy it elsewhere first");
            }
            if (!Files.isRegularFile(real)) {
                InputStream stream = CompressedInput.text(Files.newInputStream(input), input.toString());
                return new InputFile(stream, ChunkSource.of(stream));
            }
            FileChannel channel = FileChannel.open(real, StandardOpenOption.READ);
            try {
                long size = channel.size();
                ByteBuffer head = ByteBuffer.allocate(CompressedInput.MAGIC_BYTES);
                while (head.hasRemaining() && channel.read(head, head.position()) > 0) {
                    // reads the first bytes, fewer if the file is shorter
                }
                String codec = CompressedInput.codecOf(head.array(), head.position());
                if (codec != null) {
                    // Read up to the size the file has now, as for text.
                    InputStream stream = CompressedInput.decompressing(new BufferedInputStream(
                            ByteStreams.limit(Channels.newInputStream(channel), size), 1 << 16), codec,
                            input.toString());
                    return new InputFile(stream, ChunkSource.of(stream));
                }
                return new InputFile(channel, ChunkSource.of(channel, input, 0, size));
            } catch (IOException e) {
                channel.close();
                throw e;
            }
        } catch (NoSuchFileException e) {
            throw new UncheckedIOException("no such file or directory: " + input + " (the input)", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read input " + input + ": " + e.getMessage(), e);
        }
    }

    /**
     * The bytes to write.
     *
     * @return the source, valid until this is closed
     */
    public ChunkSource source() {
        return source;
    }

    @Override
    public void close() throws IOException {
        open.close();
    }
}
