package io.linestore.impl.build;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * Input that is gzip (one member or several, bgzip included) or zstd (one frame or several), told by
 * its first bytes, not its name, and decompressed as it is read, so that {@code build} and
 * {@code append} of a {@code .gz} or {@code .zst} file never write its text to disk. A damaged or cut
 * stream is an {@link IOException} naming the input and the codec.
 */
public final class CompressedInput {

    /** Bytes the magic numbers take. */
    public static final int MAGIC_BYTES = 4;

    private static final int BUFFER = 1 << 16;

    /** The codecs told apart, and the magic number each stream of theirs starts with. */
    private static final String[] CODECS = {"gzip", "zstd", "zstd"};
    private static final byte[][] MAGICS = {{0x1F, (byte) 0x8B}, {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD},
        {0x50, 0x2A, 0x4D, 0x18}};
    /**
     * The bits of each magic number's first byte that must match: a zstd file may start with a
     * skippable frame, whose magic is any of 0x184D2A50 to 0x184D2A5F ({@code pzstd} writes one before
     * every frame).
     */
    private static final int[] FIRST_BYTE_MASKS = {0xFF, 0xFF, 0xF0};

    private CompressedInput() {
    }

    /**
     * The codec whose magic number starts the bytes.
     *
     * @param head the input's first bytes
     * @param length how many of them there are
     * @return {@code "gzip"}, {@code "zstd"}, or {@code null} for anything else
     */
    public static String codecOf(byte[] head, int length) {
        for (int k = 0; k < MAGICS.length; k++) {
            if (length >= MAGICS[k].length && matches(head, MAGICS[k].length, k)) {
                return CODECS[k];
            }
        }
        return null;
    }

    /** Whether the first {@code n} bytes of the head are those of magic number {@code k}. */
    private static boolean matches(byte[] head, int n, int k) {
        byte[] magic = MAGICS[k];
        return n == 0 || ((head[0] ^ magic[0]) & FIRST_BYTE_MASKS[k]) == 0
                && Arrays.equals(head, 1, n, magic, 1, n);
    }

    /**
     * The input's text: decompressed when it starts with a codec's magic number, else as it is. Nothing
     * is read until the result is: the first read looks at the first bytes, waiting only for as many as
     * arrive in one read unless they begin a magic number (a writer's lock is taken before the input is
     * touched, and a slow stream is not held back).
     *
     * @param raw the input, from its first byte; owned by the result
     * @param name what to call the input in messages
     * @return a stream of the text
     */
    public static InputStream text(InputStream raw, String name) {
        return new InputStream() {
            private InputStream chosen;

            private InputStream chosen() throws IOException {
                if (chosen == null) {
                    InputStream in = raw.markSupported() ? raw : new BufferedInputStream(raw, BUFFER);
                    in.mark(MAGIC_BYTES);
                    byte[] head = new byte[MAGIC_BYTES];
                    int n = 0;
                    for (int got; n < MAGIC_BYTES && (n == 0 || beginsMagic(head, n))
                            && (got = in.read(head, n, MAGIC_BYTES - n)) > 0; ) {
                        n += got;
                    }
                    in.reset();
                    String codec = codecOf(head, n);
                    chosen = codec == null ? in : decompressing(in, codec, name);
                }
                return chosen;
            }

            @Override
            public int read() throws IOException {
                return chosen().read();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return chosen().read(b, off, len);
            }

            @Override
            public void close() throws IOException {
                (chosen != null ? chosen : raw).close();
            }
        };
    }

    /** Whether the first {@code n} bytes are the start of a codec's magic number. */
    private static boolean beginsMagic(byte[] head, int n) {
        for (int k = 0; k < MAGICS.length; k++) {
            if (n < MAGICS[k].length && matches(head, n, k)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Decompresses a stream of a codec, naming the input in its errors.
     *
     * @param in the compressed bytes
     * @param codec {@code "gzip"} or {@code "zstd"}
     * @param name what to call the input in messages
     * @return the decompressed bytes
     * @throws IOException if the header is damaged
     */
    static InputStream decompressing(InputStream in, String codec, String name) throws IOException {
        InputStream decoded;
        try {
            decoded = codec.equals("gzip") ? new GZIPInputStream(in, BUFFER) : new ZstdInputStream(in);
        } catch (IOException e) {
            throw damaged(name, codec, e);
        }
        return new FilterInputStream(decoded) {
            @Override
            public int read() throws IOException {
                try {
                    return super.read();
                } catch (IOException e) {
                    throw damaged(name, codec, e);
                }
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return super.read(b, off, len);
                } catch (IOException e) {
                    throw damaged(name, codec, e);
                }
            }
        };
    }

    private static IOException damaged(String name, String codec, IOException cause) {
        return new IOException("input " + name + " is " + codec + " but does not decompress: " + cause.getMessage(),
                cause);
    }
}
