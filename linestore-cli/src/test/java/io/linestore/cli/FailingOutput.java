package io.linestore.cli;

import java.io.IOException;
import java.io.OutputStream;

/** Standard output whose every write fails as the OS reports {@code message}: a reader gone, a full disk. */
final class FailingOutput extends OutputStream {

    private final String message;

    FailingOutput(String message) {
        this.message = message;
    }

    @Override
    public void write(int b) throws IOException {
        throw new IOException(message);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        throw new IOException(message);
    }
}
