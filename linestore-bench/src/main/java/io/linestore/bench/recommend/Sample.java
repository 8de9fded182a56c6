package io.linestore.bench.recommend;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Copies the first lines of a file, byte for byte, as the sample {@code recommend} measures. */
final class Sample {

    private Sample() {
    }

    /**
     * Copies the bytes of the first {@code lines} lines of {@code input} (each with its
     * terminator; all of it when it is shorter) to {@code sample}.
     *
     * @return the lines copied, a last line without a terminator included
     * @throws UncheckedIOException naming the file if reading or writing fails
     */
    static long copyHead(Path input, long lines, Path sample) {
        byte[] buffer = new byte[1 << 16];
        long newlines = 0;
        boolean openLine = false;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(input));
                OutputStream out = new BufferedOutputStream(Files.newOutputStream(sample))) {
            int read;
            while (newlines < lines && (read = in.read(buffer)) > 0) {
                int end = 0;
                while (end < read && newlines < lines) {
                    if (buffer[end++] == '\n') {
                        newlines++;
                    }
                }
                out.write(buffer, 0, end);
                openLine = buffer[end - 1] != '\n';
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot sample " + input + " into " + sample, e);
        }
        return newlines + (openLine ? 1 : 0);
    }
}
