package io.linestore.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Standard streams that were closed when the process started. A JVM started with descriptor 0 or 1
 * closed opens its own files on them (the first is its {@code lib/modules}): reading "standard
 * input" would then read the JDK's class archive as lines, and writing "standard output" would go to
 * whatever file holds the descriptor. The launcher notices a closed descriptor, gives the JVM
 * {@code /dev/null} in its place and says so in a system property; without the launcher, on Linux,
 * a descriptor that names a file inside the running JDK is taken as one the JVM opened itself.
 */
final class ClosedStreams {

    private ClosedStreams() {
    }

    /**
     * Whether descriptor {@code fd} was closed when the process started.
     *
     * @param fd 0 or 1
     * @param property the launcher's system property for it
     * @return true if the launcher said so, or the descriptor names a file of the running JDK
     */
    static boolean closedAtStart(int fd, String property) {
        if (Boolean.getBoolean(property)) {
            return true;
        }
        Path descriptor = Path.of("/proc/self/fd/" + fd);
        try {
            return Files.isSymbolicLink(descriptor)
                    && Files.readSymbolicLink(descriptor).startsWith(Path.of(System.getProperty("java.home")));
        } catch (IOException | SecurityException e) {
            // Not Linux, or /proc is not readable: trust the launcher alone.
            return false;
        }
    }

    /** A standard input whose every read fails with {@code message}. */
    static InputStream input(String message) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException(message);
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                throw new IOException(message);
            }
        };
    }

    /** A standard output whose every write fails with {@code message}. */
    static OutputStream output(String message) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException(message);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                throw new IOException(message);
            }
        };
    }
}
