package io.linestore.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Objects;

/**
 * The byte streams a command reads and writes besides picocli's text writers: raw standard input
 * (for {@code build -}), raw standard output (for {@code read}, which prints stored bytes
 * untouched, never through a charset encoder), and standard error for the progress bar. Tests pass
 * their own; {@link #system()} gives the process's.
 *
 * @param stdin standard input
 * @param stdout standard output as bytes; the command flushes it, never closes it
 * @param stderr standard error, where the progress bar draws
 * @param stderrIsTerminal whether standard error is a terminal, so a progress bar makes sense there
 */
public record StandardStreams(InputStream stdin, OutputStream stdout, PrintStream stderr, boolean stderrIsTerminal) {

    /**
     * The system property the launcher sets to say whether standard error is a terminal, which
     * a JVM cannot tell by itself.
     */
    public static final String STDERR_TERMINAL_PROPERTY = "linestore.stderr.terminal";

    /**
     * The system property the launcher sets when standard input was closed when it started. The
     * launcher then gives the JVM {@code /dev/null} there: a JVM started with descriptor 0 closed
     * opens one of its own files on it (its {@code lib/modules}), which would read as input.
     */
    public static final String STDIN_CLOSED_PROPERTY = "linestore.stdin.closed";

    /** As {@link #STDIN_CLOSED_PROPERTY}, for standard output. */
    public static final String STDOUT_CLOSED_PROPERTY = "linestore.stdout.closed";

    /**
     * Checks the streams.
     *
     * @throws NullPointerException if a stream is null
     */
    public StandardStreams {
        Objects.requireNonNull(stdin, "stdin");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
    }

    /**
     * The process's own streams. Standard output is the file descriptor itself, so bytes reach it
     * as they are. Standard error counts as a terminal when {@value #STDERR_TERMINAL_PROPERTY} says
     * so, or, without that property, when the JVM has an interactive console. A standard input or
     * output that was closed when the process started ({@link ClosedStreams}) fails every read or
     * write with "standard input is closed" or "standard output is closed", instead of reading or
     * writing whatever file the JVM opened on its descriptor.
     *
     * @return the streams of this process
     */
    public static StandardStreams system() {
        String property = System.getProperty(STDERR_TERMINAL_PROPERTY);
        boolean terminal = property != null
                ? Boolean.parseBoolean(property)
                : System.console() != null && System.console().isTerminal();
        InputStream stdin = ClosedStreams.closedAtStart(0, STDIN_CLOSED_PROPERTY)
                ? ClosedStreams.input("standard input is closed") : System.in;
        OutputStream stdout = ClosedStreams.closedAtStart(1, STDOUT_CLOSED_PROPERTY)
                ? ClosedStreams.output("standard output is closed") : new FileOutputStream(FileDescriptor.out);
        return new StandardStreams(stdin, stdout, System.err, terminal);
    }
}
