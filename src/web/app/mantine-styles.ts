// Mantine's global styles, first (issue #10: instead of the whole of '@mantine/core/styles.css',
// each file imports the styles of the components it renders, so a page's CSS comes with its
// chunk). The order follows Mantine's own stylesheet.
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
