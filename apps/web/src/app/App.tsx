import { Box, CssBaseline, Typography } from '@mui/material';

export function App() {
  return (
    <>
      <CssBaseline />
      <Box component="main" sx={{ p: 4 }}>
        <Typography variant="h4" component="h1">
          Carbonledger
        </Typography>
        <Typography color="text.secondary">Enterprise Carbon Credits Management</Typography>
      </Box>
    </>
  );
}
