package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStores;
import io.linestore.spi.LineStoreProvider;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * What the executable sets up before the command line runs. Alone: it sets the provider and picocli properties of the whole process, which other classes' commands read.
 */
@Isolated
class MainTest {

    /** The provider Main names is the one the service lookup would find. */
    @Test
    void namesTheImplementationTheServiceLookupFinds() throws ClassNotFoundException {
        Class<?> named = Class.forName(Main.IMPLEMENTATION);

        assertThat(LineStoreProvider.class.isAssignableFrom(named)).isTrue();
        assertThat(ServiceLoader.load(LineStoreProvider.class).findFirst()).get().isInstanceOf(named);
    }

    /** A user's own choice of either property stands. */
    @Test
    void leavesPropertiesTheUserSetAlone() {
        String provider = System.getProperty(LineStores.PROVIDER_PROPERTY);
        String closures = System.getProperty(Main.PICOCLI_NO_CLOSURES);
        try {
            System.setProperty(LineStores.PROVIDER_PROPERTY, "user.Choice");
            System.setProperty(Main.PICOCLI_NO_CLOSURES, "false");

            Main.avoidClassPathSearches();

            assertThat(System.getProperty(LineStores.PROVIDER_PROPERTY)).isEqualTo("user.Choice");
            assertThat(System.getProperty(Main.PICOCLI_NO_CLOSURES)).isEqualTo("false");
        } finally {
            restore(LineStores.PROVIDER_PROPERTY, provider);
            restore(Main.PICOCLI_NO_CLOSURES, closures);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
