package io.linestore.impl.gzip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * {@link GzipHeader#skip} against the JDK's {@link GZIPInputStream}, on any bytes followed by the
 * body of a member (deflate data and trailer): where it says a header ends, GZIPInputStream reads that
 * header and then the member's text; a header one byte shorter it refuses; the same header after
 * other bytes ends as many bytes later; and where it refuses, GZIPInputStream does not read the text
 * either, unless reserved flags are set (zlib refuses those, the JDK ignores them). The header CRC
 * (FHCRC) is skipped, not checked: indexing checked it with zlib, so the reference is given a right one.
 * It throws nothing but {@link DataFormatException}.
 */
class GzipHeaderFuzzTest {

    private static final int FHCRC = 2;
    private static final int RESERVED = 0xE0;
    private static final byte[] TEXT = "a line of text\nand another\n".getBytes(StandardCharsets.US_ASCII);
    /** A member without its header: deflate data of {@link #TEXT}, CRC-32 and size. */
    private static final byte[] BODY = body(TEXT);

    @FuzzTest
    void aSkippedHeaderIsTheOneGzipInputStreamReads(byte[] header) throws DataFormatException {
        byte[] member = concat(header, BODY);
        int end;
        try {
            end = GzipHeader.skip(member, 0, member.length);
        } catch (DataFormatException e) {
            if ((member[3] & RESERVED) == 0) {
                assertThat(decoded(member)).as("text of a member whose header is refused").isNotEqualTo(TEXT);
            }
            return;
        }
        assertThat(end).isBetween(10, member.length);
        byte[] skipped = Arrays.copyOf(member, end);
        if ((member[3] & FHCRC) != 0) {
            CRC32 crc = new CRC32();
            crc.update(skipped, 0, end - 2);
            skipped[end - 2] = (byte) crc.getValue();
            skipped[end - 1] = (byte) (crc.getValue() >>> 8);
        }
        assertThat(decoded(concat(skipped, BODY))).as("text after the header skipped").isEqualTo(TEXT);
        assertThatThrownBy(() -> GzipHeader.skip(member, 0, end - 1)).isInstanceOf(DataFormatException.class);
        byte[] after = concat(new byte[] {1, 2, 3}, member);
        assertThat(GzipHeader.skip(after, 3, after.length)).isEqualTo(end + 3);
    }

    /** What GZIPInputStream reads, or {@code null} if it refuses the bytes. */
    private static byte[] decoded(byte[] gzip) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    private static byte[] body(byte[] text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // GZIPOutputStream writes a 10-byte header without flags.
        byte[] member = out.toByteArray();
        return Arrays.copyOfRange(member, 10, member.length);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
