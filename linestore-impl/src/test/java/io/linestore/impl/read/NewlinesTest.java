package io.linestore.impl.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class NewlinesTest {

    @Property(tries = 500)
    void findsTheFirstNewlineLikeAPlainLoop(@ForAll("nearNewlines") byte[] bytes,
            @ForAll @IntRange(max = 70) int from, @ForAll @IntRange(max = 70) int to) {
        int start = Math.min(from, bytes.length);
        int end = Math.max(start, Math.min(to, bytes.length));
        int expected = -1;
        for (int i = start; i < end; i++) {
            if (bytes[i] == '\n') {
                expected = i;
                break;
            }
        }
        assertThat(Newlines.indexOf(bytes, start, end)).isEqualTo(expected);
        assertThat(Newlines.indexOf(ByteBuffer.wrap(bytes), start, end)).isEqualTo(expected);
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).position(Math.min(3, bytes.length));
        assertThat(Newlines.indexOf(direct, start, end)).isEqualTo(expected);
        ByteBuffer slice = ByteBuffer.wrap(new byte[bytes.length + 5], 5, bytes.length).slice().put(bytes).clear();
        assertThat(Newlines.indexOf(slice, start, end)).isEqualTo(expected);
    }

    /** Bytes around {@code \n} (0x0A), where a wrong borrow in the word test would show. */
    @Provide
    Arbitrary<byte[]> nearNewlines() {
        return Arbitraries.bytes().between((byte) 8, (byte) 12).array(byte[].class).ofMaxSize(70);
    }
}
