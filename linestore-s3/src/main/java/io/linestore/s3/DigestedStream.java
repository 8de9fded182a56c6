package io.linestore.s3;

import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.format.StoreFiles;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32C;

/**
 * An object's bytes as one GET streams them, summed on the way for its index's manifest: the CRC32C of
 * all of them, of the first {@value StoreFiles#PROBE_BYTES} and of the last (the source file's probes),
 * and of the first {@link DataFileIdentity#HEAD_BYTES} (the shard's identity). Not thread-safe.
 */
final class DigestedStream extends FilterInputStream {

    private final CRC32C crc = new CRC32C();
    private final CRC32C head = new CRC32C();
    private final CRC32C identity = new CRC32C();
    private final byte[] tail = new byte[StoreFiles.PROBE_BYTES];
    private long bytes;

    DigestedStream(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            sum(new byte[] {(byte) b}, 0, 1);
        }
        return b;
    }

    @Override
    public int read(byte[] into, int at, int length) throws IOException {
        int n = super.read(into, at, length);
        if (n > 0) {
            sum(into, at, n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        if (n <= 0) {
            return 0;
        }
        // Skipped bytes would be missing from the sums: read them.
        return Math.max(0, read(new byte[(int) Math.min(n, 1 << 16)]));
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void sum(byte[] b, int at, int n) {
        crc.update(b, at, n);
        if (bytes < StoreFiles.PROBE_BYTES) {
            head.update(b, at, (int) Math.min(n, StoreFiles.PROBE_BYTES - bytes));
        }
        if (bytes < DataFileIdentity.HEAD_BYTES) {
            identity.update(b, at, (int) Math.min(n, DataFileIdentity.HEAD_BYTES - bytes));
        }
        // The last bytes, in a ring by offset: position p is at p % tail.length.
        int keep = Math.min(n, tail.length);
        for (int i = n - keep; i < n; ) {
            int slot = (int) ((bytes + i) % tail.length);
            int run = Math.min(n - i, tail.length - slot);
            System.arraycopy(b, at + i, tail, slot, run);
            i += run;
        }
        bytes += n;
    }

    /** Bytes streamed so far. */
    long bytes() {
        return bytes;
    }

    /** CRC32C of every byte streamed. */
    long crc32c() {
        return crc.getValue();
    }

    /** CRC32C of the first {@value StoreFiles#PROBE_BYTES} bytes. */
    long headCrc32c() {
        return head.getValue();
    }

    /** CRC32C of the first {@link DataFileIdentity#HEAD_BYTES} bytes. */
    long identityCrc32c() {
        return identity.getValue();
    }

    /** CRC32C of the last {@value StoreFiles#PROBE_BYTES} bytes streamed. */
    long tailCrc32c() {
        CRC32C crc = new CRC32C();
        int length = (int) Math.min(bytes, tail.length);
        for (long p = bytes - length; p < bytes; ) {
            int slot = (int) (p % tail.length);
            int run = (int) Math.min(bytes - p, tail.length - slot);
            crc.update(tail, slot, run);
            p += run;
        }
        return crc.getValue();
    }
}
