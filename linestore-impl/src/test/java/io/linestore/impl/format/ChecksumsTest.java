package io.linestore.impl.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.zip.CRC32C;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

class ChecksumsTest {

    @Property(tries = 200)
    void combineEqualsTheChecksumOfTheConcatenation(@ForAll @Size(max = 3000) byte[] a,
            @ForAll @Size(max = 3000) byte[] b) {
        CRC32C whole = new CRC32C();
        whole.update(a);
        whole.update(b);
        assertThat(Checksums.combine(crc(a), crc(b), b.length)).isEqualTo(whole.getValue());
    }

    private static long crc(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return crc.getValue();
    }
}
