package io.linestore.impl;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Compressed files as other tools write them, shaped so that tiny inputs cross every boundary a reader
 * of compressed files in place meets: gzip files of several members (an empty one among them) whose
 * deflate streams change level and strategy every few bytes (so that blocks end at every bit offset,
 * and stored blocks of level 0 appear), and zstd files of many small frames with a skippable frame
 * between them. Seeded: the same seed gives the same bytes.
 */
final class CompressedFiles {

    private CompressedFiles() {
    }

    /**
     * One gzip member of the text as the JDK writes it: a plain 10-byte header, no optional field.
     *
     * @param text the text
     * @return the member's bytes
     */
    static byte[] member(byte[] text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * A gzip file of the text.
     *
     * @param text the text
     * @param seed where members end and blocks change
     * @return the file's bytes
     */
    static byte[] gzip(byte[] text, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        boolean emptyWritten = false;
        while (at < text.length || !emptyWritten) {
            int length = Math.min(text.length - at, random.nextInt(text.length / 2 + 2));
            emptyWritten |= length == 0;
            out.writeBytes(member(text, at, length, random));
            at += length;
        }
        return out.toByteArray();
    }

    /** One gzip member, its deflater switched between levels and strategies every 1 to 9 bytes. */
    private static byte[] member(byte[] text, int from, int length, SplittableRandom random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SwitchingGzip gzip = new SwitchingGzip(out)) {
            for (int at = from, end = from + length; at < end; ) {
                int n = Math.min(end - at, 1 + random.nextInt(9));
                gzip.switchTo(random.nextInt(4));
                gzip.write(text, at, n);
                at += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * A zstd file of the text in frames of 1 to {@code maxFrame} bytes, with a skippable frame after the
     * first.
     *
     * @param text the text
     * @param maxFrame the most text a frame holds
     * @param seed where frames end
     * @return the file's bytes
     */
    static byte[] zstd(byte[] text, int maxFrame, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        do {
            int n = Math.min(text.length - at, 1 + random.nextInt(maxFrame));
            out.writeBytes(Zstd.compress(Arrays.copyOfRange(text, at, at + n), 1 + random.nextInt(5)));
            if (at == 0) {
                // A skippable frame (magic 0x184D2A50, 4 bytes of size, then the bytes).
                out.writeBytes(new byte[] {0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3});
            }
            at += n;
        } while (at < text.length);
        return out.toByteArray();
    }

    /** gzip whose deflater changes level and strategy on request, ending a deflate block each time. */
    private static final class SwitchingGzip extends GZIPOutputStream {

        SwitchingGzip(ByteArrayOutputStream out) throws IOException {
            super(out);
        }

        void switchTo(int shape) {
            switch (shape) {
                case 0 -> def.setLevel(Deflater.NO_COMPRESSION);
                case 1 -> {
                    def.setLevel(Deflater.BEST_SPEED);
                    def.setStrategy(Deflater.DEFAULT_STRATEGY);
                }
                case 2 -> def.setStrategy(Deflater.HUFFMAN_ONLY);
                default -> {
                    def.setLevel(Deflater.DEFAULT_COMPRESSION);
                    def.setStrategy(Deflater.FILTERED);
                }
            }
        }
    }
}
