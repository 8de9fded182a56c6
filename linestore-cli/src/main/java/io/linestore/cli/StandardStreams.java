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
     * so, or, without that property, when the JVM has an interactive console.
     *
     * @return the streams of this process
     */
    public static StandardStreams system() {
        String property = System.getProperty(STDERR_TERMINAL_PROPERTY);
        boolean terminal = property != null
                ? Boolean.parseBoolean(property)
                : System.console() != null && System.console().isTerminal();
        return new StandardStreams(System.in, new FileOutputStream(FileDescriptor.out), System.err, terminal);
    }
}
