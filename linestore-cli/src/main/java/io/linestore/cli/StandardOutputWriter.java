package io.linestore.cli;

import io.linestore.cli.common.OutputClosedException;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * picocli's writer for standard output, over the raw stream: a {@link PrintWriter} notes a failed
 * write only in {@link #checkError()}, and this one also remembers why, so that a reader that went
 * away (a broken pipe, as in {@code linestore info S | head -1}) ends the command quietly as it does
 * for {@code read}, while a full disk or a closed output fails it ({@link GuardedExecution}).
 */
final class StandardOutputWriter extends PrintWriter {

    private final FailureRecorder recorder;

    private StandardOutputWriter(FailureRecorder recorder, Charset charset) {
        super(new OutputStreamWriter(recorder, charset), true);
        this.recorder = recorder;
    }

    /**
     * Writes text to {@code stdout}, which it flushes at each line and never closes.
     *
     * @param stdout standard output's bytes
     * @param charset how text is encoded there
     * @return the writer
     */
    static StandardOutputWriter over(OutputStream stdout, Charset charset) {
        return new StandardOutputWriter(new FailureRecorder(stdout), charset);
    }

    /**
     * Whether the first failed write failed because the reader of standard output went away.
     *
     * @return {@code true} for a broken pipe, {@code false} if no write failed or one failed otherwise
     */
    boolean readerWentAway() {
        IOException failure = recorder.first;
        return failure != null && OutputClosedException.of(failure) instanceof OutputClosedException;
    }

    /** Passes writes on and keeps the first failure. */
    private static final class FailureRecorder extends FilterOutputStream {
        private IOException first;

        FailureRecorder(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw record(e);
            }
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            try {
                out.write(bytes, offset, length);
            } catch (IOException e) {
                throw record(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw record(e);
            }
        }

        private IOException record(IOException e) {
            if (first == null) {
                first = e;
            }
            return e;
        }
    }
}
