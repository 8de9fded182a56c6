package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class LineFrameTest {

    @Property
    void theSuffixIsTheChecksumInLowerCaseHex(@ForAll int checksum) {
        byte[] suffix = new byte[LineFrame.SUFFIX_BYTES];

        LineFrame.writeSuffix(checksum, suffix, 0);

        assertThat(new String(suffix, StandardCharsets.US_ASCII))
                .isEqualTo(" #" + "%08x".formatted(checksum));
    }
}
