package io.linestore.impl;

import static io.linestore.impl.CompressedFiles.member;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.WriteOptions;
import io.linestore.gen.ReferenceLines;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every optional field of a gzip member's header (RFC 1952: FEXTRA, FNAME, FCOMMENT, FHCRC), in the
 * first member, which indexing reads with zlib, and in a second one, which reads cross after a
 * checkpoint and skip themselves: a well-formed header indexes and reads back the text, a header
 * whose field runs past the file or whose CRC is wrong is refused naming the file and leaves no
 * sidecar. A file made by {@code bgzip} (a member per 64 KiB of text, its size in FEXTRA, an empty
 * member at the end) reads as {@link GZIPInputStream} decodes it.
 */
class GzipHeaderFlagsTest {

    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final byte[] FIRST = "the first member's lines\nare these two\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SECOND = "and the second's\nthese three\nlines\n".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path dir;

    @Test
    void extraFieldReadsInEitherMember() throws IOException {
        readsInEitherMember("extra", header(FEXTRA, true));
    }

    @Test
    void fileNameReadsInEitherMember() throws IOException {
        readsInEitherMember("name", header(FNAME, true));
    }

    @Test
    void commentReadsInEitherMember() throws IOException {
        readsInEitherMember("comment", header(FCOMMENT, true));
    }

    @Test
    void rightHeaderCrcReadsInEitherMember() throws IOException {
        readsInEitherMember("crc", header(FHCRC, true));
    }

    @Test
    void everyFieldAtOnceReadsInEitherMember() throws IOException {
        readsInEitherMember("every", header(FEXTRA | FNAME | FCOMMENT | FHCRC, true));
    }

    @Test
    void wrongHeaderCrcIsRefusedInEitherMember() throws IOException {
        refusedInEitherMember("wrong-crc", header(FNAME | FHCRC, false), "header crc mismatch");
    }

    @Test
    void reservedFlagIsRefusedInEitherMember() throws IOException {
        refusedInEitherMember("reserved", header(0x20, true), "unknown header flags set");
    }

    /** A header whose extra field, name or comment does not end before the file does. */
    @Test
    void fieldsRunningPastTheFileAreRefused() throws IOException {
        byte[] member = member(FIRST);
        for (int flag : new int[] {FEXTRA, FNAME, FCOMMENT}) {
            byte[] header = header(flag, true);
            // The field's length says more than is left, or its terminating zero is missing.
            byte[] cut = flag == FEXTRA ? concat(Arrays.copyOf(header, 10), new byte[] {(byte) 0xFF, 0x7F, 1, 2})
                    : Arrays.copyOf(header, header.length - 1);
            Path file = Files.write(dir.resolve("cut-" + flag + ".gz"), concat(member, cut));

            assertThatThrownBy(() -> LineStores.index(file)).as("flag %d", flag).hasMessageContaining(file.toString());
            assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
        }
    }

    @Test
    void bgzipFileReadsAsGzipInputStreamDecodesIt() throws IOException {
        byte[] gz;
        try (InputStream in = getClass().getResourceAsStream(
                "InPlaceIndexFuzzTestInputs/aGzipFileReadsAsGzipInputStreamDecodesIt/bgzip-blocks.gz")) {
            gz = in.readAllBytes();
        }
        byte[] text;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            text = in.readAllBytes();
        }
        assertThat(text.length).as("text of more than one bgzip block").isGreaterThan(1 << 16);
        Path file = Files.write(dir.resolve("bgzip.gz"), gz);
        LineStores.index(file, IndexOptions.builder().spanBytes(1 << 12).build(), WriteOptions.defaults());

        try (LineStore store = LineStores.open(file)) {
            assertThat(store.read(0, Integer.MAX_VALUE)).isEqualTo(ReferenceLines.strings(text));
            assertThat(store.verify().ok()).isTrue();
        }
    }

    /** A member with the header alone, and after a plain member (read across from a checkpoint before it). */
    private void readsInEitherMember(String name, byte[] header) throws IOException {
        Path alone = Files.write(dir.resolve(name + "-first.gz"), concat(header, body(FIRST)));
        Path second = Files.write(dir.resolve(name + "-second.gz"),
                concat(member(FIRST), concat(header, body(SECOND))));

        LineStores.index(alone);
        LineStores.index(second);
        try (LineStore store = LineStores.open(alone)) {
            assertThat(store.read(0, 10)).isEqualTo(ReferenceLines.strings(FIRST));
        }
        try (LineStore store = LineStores.open(second)) {
            assertThat(store.read(0, 10)).isEqualTo(ReferenceLines.strings(concat(FIRST, SECOND)));
            assertThat(store.verify().ok()).isTrue();
        }
    }

    private void refusedInEitherMember(String name, byte[] header, String why) throws IOException {
        for (Path file : new Path[] {
            Files.write(dir.resolve(name + "-first.gz"), concat(header, body(FIRST))),
            Files.write(dir.resolve(name + "-second.gz"), concat(member(FIRST), concat(header, body(SECOND))))}) {
            assertThatThrownBy(() -> LineStores.index(file)).hasMessageContaining(file.toString())
                    .hasMessageContaining(why);
            assertThat(StoreFiles.sidecarDir(file)).doesNotExist();
        }
    }

    /**
     * A member's header with the flags given and a field for each: extra subfields, a name, a comment,
     * and the CRC-16 of the header before it, right or wrong.
     */
    private static byte[] header(int flags, boolean rightCrc) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x1F, (byte) 0x8B, 8, (byte) flags, 0x10, 0x20, 0x30, 0x40, 0, 3});
        if ((flags & FEXTRA) != 0) {
            // One subfield: id "LS", 3 bytes.
            out.writeBytes(new byte[] {7, 0, 'L', 'S', 3, 0, 1, 2, 3});
        }
        if ((flags & FNAME) != 0) {
            out.writeBytes("lines.txt\0".getBytes(StandardCharsets.ISO_8859_1));
        }
        if ((flags & FCOMMENT) != 0) {
            out.writeBytes("a comment\0".getBytes(StandardCharsets.ISO_8859_1));
        }
        if ((flags & FHCRC) != 0) {
            CRC32 crc = new CRC32();
            crc.update(out.toByteArray());
            int crc16 = ((int) crc.getValue() & 0xFFFF) ^ (rightCrc ? 0 : 0x0101);
            out.writeBytes(new byte[] {(byte) crc16, (byte) (crc16 >>> 8)});
        }
        return out.toByteArray();
    }


    /** A member without its header: deflate data, CRC-32 and size. */
    private static byte[] body(byte[] text) {
        byte[] member = member(text);
        return Arrays.copyOfRange(member, 10, member.length);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
