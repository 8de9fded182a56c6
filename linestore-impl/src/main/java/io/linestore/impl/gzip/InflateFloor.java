package io.linestore.impl.gzip;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The least {@code linestore index FILE.gz} costs, for {@code scripts/gzip-in-place-vs-peers.sh}: a
 * JVM that links the system's zlib as indexing does and inflates the whole file, stopping after
 * every deflate block ({@code Z_BLOCK}, which checkpoints need), into one buffer that nothing reads;
 * then prints the text's size. No lines, no windows, no files written. Not part of the library's API.
 */
public final class InflateFloor {

    private static final int BUFFER = 1 << 18;

    private InflateFloor() {
    }

    /**
     * Inflates a gzip file of one member or several.
     *
     * @param arguments {@code FILE}
     * @throws IOException if the file cannot be read or is not gzip
     */
    public static void main(String[] arguments) throws IOException {
        try (Arena arena = Arena.ofConfined(); FileChannel channel = FileChannel.open(Path.of(arguments[0]))) {
            MemorySegment input = arena.allocate(BUFFER);
            MemorySegment output = arena.allocate(BUFFER);
            ByteBuffer inputBuffer = input.asByteBuffer();
            Inflate inflate = new Inflate(arena);
            try {
                long size = channel.size();
                long read = 0;
                long text = 0;
                inflate.input(input, 0);
                while (true) {
                    if (inflate.availableInput() == 0 && read < size) {
                        int n = channel.read(inputBuffer.clear(), read);
                        read += n;
                        inflate.input(input, n);
                    }
                    inflate.output(output, BUFFER);
                    int code = inflate.inflate(Inflate.Z_BLOCK);
                    text += BUFFER - inflate.availableOutput();
                    if (code == Inflate.Z_STREAM_END) {
                        if (read - inflate.availableInput() == size) {
                            break;
                        }
                        inflate.reset();
                    } else if (code != Inflate.Z_OK && code != Inflate.Z_BUF_ERROR
                            || code == Inflate.Z_BUF_ERROR && read == size && inflate.availableInput() == 0) {
                        throw new IOException(arguments[0] + ": not a whole gzip file (" + inflate.message(code) + ")");
                    }
                }
                System.out.println(text);
            } finally {
                inflate.close();
            }
        }
    }
}
